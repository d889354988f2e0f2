// Small helpers over node:util's parseArgs, turning its errors into usage errors (exit code 2).
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../cli-context.js";
import { PROFILES, type Profile, type RuleSetting } from "../types.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export function parse<T extends Options>(args: string[], options: T): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function profileFlag(value: unknown): Profile | undefined {
  if (value === undefined) return undefined;
  if (!PROFILES.includes(value as Profile)) throw new UsageError(`--profile must be one of ${PROFILES.join(", ")}; got "${String(value)}".`);
  return value as Profile;
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

export function intFlag(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} expects a non-negative integer; got "${String(value)}".`);
  return n;
}
