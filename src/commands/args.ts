// Small helpers over node:util's parseArgs, turning its errors into usage errors (exit code 2).
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./context.js";
import { CLIENTS, PROFILES, type Client, type Profile, type RuleSetting } from "../types.js";
import { closest } from "../util/closest.js";
import { cacheOption } from "../cache/cache-option.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export function parse<T extends Options>(args: string[], options: T): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseErrorText(error as Error & { code?: string }, options));
  }
}

/** What the user typed, quoted with control characters escaped and bounded, safe to print. */
export function shown(text: string): string {
  return JSON.stringify(text.length > 80 ? text.slice(0, 80) + "…" : text).replace(/[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** node:util's parse errors, said for a person: the option as typed, the nearest real one, where help is. */
function parseErrorText(error: Error & { code?: string }, options: Options): string {
  const flag = /'(-[^'\s]*)/.exec(error.message)?.[1] ?? "";
  const known = Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const name = flag.split("=")[0]!;
    const near = closest(name.replace(/^-+/, ""), Object.keys(options));
    const hint = near ? ` Did you mean --${near}?` : ` Known options: ${known.join(", ")}.`;
    return `unknown option ${shown(name)}.${hint} (A path that starts with "-" goes after \`--\`.)`;
  }
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const name = /'(--?[\w-]+)/.exec(error.message)?.[1];
    return name ? `${name} needs a value, e.g. ${name} <value>; see --help.` : error.message;
  }
  return error.message;
}

export function profileFlag(value: unknown): Profile | undefined {
  if (value === undefined) return undefined;
  if (!PROFILES.includes(value as Profile)) throw new UsageError(`--profile must be one of ${PROFILES.join(", ")}; got "${String(value)}".`);
  return value as Profile;
}

/** `--clients a,b`: the portability lint's clients, or undefined when the flag is absent. */
export function clientsFlag(value: unknown): Client[] | undefined {
  if (value === undefined) return undefined;
  const list = String(value).split(",").map((s) => s.trim()).filter(Boolean);
  for (const c of list) {
    if (!CLIENTS.includes(c as Client)) throw new UsageError(`--clients takes a comma-separated list of ${CLIENTS.join(", ")}; got "${c}".`);
  }
  return [...new Set(list)] as Client[];
}

/** `--rule id=off|warn|error`, repeatable. */
export function ruleFlags(values: unknown): Record<string, RuleSetting> {
  const rules: Record<string, RuleSetting> = {};
  for (const entry of (values as string[] | undefined) ?? []) {
    const match = /^([a-z0-9-]+)=(off|warn|error)$/.exec(entry);
    if (!match) throw new UsageError(`--rule expects id=off|warn|error, e.g. --rule placeholder-in-code=error; got "${entry}".`);
    rules[match[1]!] = match[2] as RuleSetting;
  }
  return rules;
}

/** An integer flag: undefined when absent; `range` bounds it (default: any non-negative integer). */
export function intFlag(name: string, value: unknown, range?: { min: number; max: number }): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d{1,15}$/.test(String(value)) ? Number(value) : NaN;
  if (!range && !Number.isInteger(n)) throw new UsageError(`--${name} expects a non-negative integer; got "${String(value)}".`);
  if (range && !(n >= range.min && n <= range.max)) throw new UsageError(`--${name} takes a whole number from ${range.min} to ${range.max}, not ${JSON.stringify(String(value))}`);
  return n;
}

/** The options every command that builds shares, from its flags (`build`, `serve`). */
export function buildFlags(values: Record<string, unknown>, positionals: string[], ctx: { cwd: string; env: Record<string, string | undefined> }) {
  return {
    cwd: ctx.cwd,
    roots: positionals,
    profile: profileFlag(values.profile),
    rules: ruleFlags(values.rule),
    strict: values.strict as boolean | undefined,
    emitOnError: values["emit-on-error"] as boolean | undefined,
    cache: cacheOption({ cache: values.cache as boolean | undefined, noCache: values["no-cache"] as boolean | undefined }, ctx.env),
  };
}
