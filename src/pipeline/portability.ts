// The portability lint: for each client named in `--clients` (config `clients`), where a skill that
// is valid for skillc would be refused, truncated, ignored in part or misread by that client. The
// facts come from schema/skill.schema.json (each definition's `x-client`: title, source, the fields
// it ignores) and the client sources cited beside each check. Runs over the analyses, after the
// per-skill stages (and their caches), so naming other clients never invalidates a cache.
import type { Client, Diagnostic, ParsedSkill, Profile, Range, ValidSkillHead } from "../types.js";
import type { Report, Reporter } from "../diagnostics/reporter.js";
import * as P from "../rules/portability-rules.js";
import type { SkillAnalysis } from "./analyze.js";
import { loadSkillSchema } from "./frontmatter/schema.js";
import { codePoints, folderName, openingFence, rangeAt } from "./frontmatter/context.js";
import { isAsciiName } from "./frontmatter/checks.js";
import { validateSkill } from "./validate.js";
import { checkCodexSidecar } from "./portability-sidecar.js";
import { claudeRetryParses } from "./claude-retry.js";
import { frontmatterText } from "./frontmatter-text.js";
import { locateFrontmatter } from "./frontmatter/locate.js";

/** Claude Code's listing cap on `description` + `when_to_use` (CHANGELOG 2.1.105). */
export const CLAUDE_CODE_ENTRY_CAP = 1536;
/** Codex's limits (codex-rs/core-skills/src/loader.rs MAX_NAME_LEN, MAX_DESCRIPTION_LEN). */
const CODEX_NAME_MAX = 64;
const CODEX_DESCRIPTION_MAX = 1024;
/** Fields that inform and change nothing a client does: a client ignoring them is not reported. */
const INFORMATIONAL = new Set(["license", "compatibility", "metadata", "version"]);
/** Clients that refuse names outside [a-z0-9-] (reported under agentskills even when none is named). */
const ASCII_NAME_CLIENTS: Client[] = ["openai-skills"];

interface ClientFacts {
  title: string;
  source: string;
  ignores: string[];
  /** The fields its definition knows; with `closed`, any other is refused. */
  known: Set<string>;
  closed: boolean;
}

export function clientFacts(client: Client): ClientFacts {
  const def = loadSkillSchema().$defs[client] as { properties?: Record<string, unknown>; additionalProperties?: unknown; "x-client"?: { title: string; source: string; ignores: string[] } };
  const x = def["x-client"]!;
  return { title: x.title, source: x.source, ignores: x.ignores, known: new Set(Object.keys(def.properties ?? {})), closed: def.additionalProperties === false };
}

/** The portability findings of every analysed skill, for the named clients. */
export function checkPortability(analyses: readonly SkillAnalysis[], clients: readonly Client[], profile: Profile, reporter: Reporter): Diagnostic[] {
  const out: Diagnostic[] = [];
  const sidecar = profile === "codex" || clients.includes("codex");
  for (const a of analyses) {
    const report = reporter.to(out, a.source.file);
    if (a.outcome === "unparsed" && clients.includes("claude-code")) malformedYaml(a.parsed, report);
    if (a.outcome !== "valid" && a.outcome !== "reused") continue;
    for (const client of clients) checkClient(a.skill, client, report);
    checkNameCharset(a.skill, clients, profile, report);
    if (sidecar && a.paths.includes("agents/openai.yaml")) checkCodexSidecar(a.source, reporter.to(out, `${a.source.dir}/agents/openai.yaml`));
  }
  return out;
}

function at(skill: ValidSkillHead, pointer: string, part: "key" | "value" = "value"): Range {
  return rangeAt(skill as unknown as ParsedSkill, pointer, part);
}

const pointerOf = (key: string) => `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;

function checkClient(skill: ValidSkillHead, client: Client, report: Report): void {
  const facts = clientFacts(client);
  if (client === "codex") codexSkips(skill, facts, report);
  if (client === "openai-skills") openaiRefuses(skill, facts, report);
  if (client === "agentskills") specRefuses(skill, facts, report);
  if (client === "claude-code") claudeTruncates(skill, facts, report);
  if (client === "claude-code") claudeEndsEarly(skill, report);
  if (facts.closed) return; // a closed client refuses unknown fields (reported above), it does not ignore them
  for (const key of Object.keys(skill.frontmatter)) {
    if (INFORMATIONAL.has(key) || (facts.known.has(key) && !facts.ignores.includes(key))) continue;
    report(P.CLIENT_IGNORES_FIELD, at(skill, pointerOf(key), "key"), { client: facts.title, field: key, consequence: consequenceOf(client, key, skill.frontmatter[key]), source: facts.source });
  }
}

/** What ignoring a field changes, where it changes more than the field itself. */
function consequenceOf(client: Client, key: string, value: unknown): string | undefined {
  if (client === "codex" && key === "disable-model-invocation" && value !== false) {
    return "so Codex may invoke this skill on its own; set `policy.allow_implicit_invocation: false` in agents/openai.yaml";
  }
  if (key === "allowed-tools" || key === "disallowed-tools") return "so the skill runs with that client's usual tool permissions";
  return undefined;
}

/** Codex's parse_skill_file: name ≤ 64, description non-empty and ≤ 1,024, short-description ≤ 1,024, after collapsing whitespace. */
function codexSkips(skill: ValidSkillHead, facts: ClientFacts, report: Report): void {
  const fm = skill.frontmatter;
  const collapse = (v: unknown) => (typeof v === "string" ? v.split(/\s+/).filter(Boolean).join(" ") : "");
  const skip = (range: Range, reason: string) => report(P.CLIENT_SKIPS_SKILL, range, { client: facts.title, verb: "skips", reason, source: facts.source });
  const description = collapse(fm.description);
  if (description === "") skip(fm.description === undefined ? openingFence() : at(skill, "/description"), "it has no `description` (Codex does not fall back to the body)");
  else if (codePoints(description) > CODEX_DESCRIPTION_MAX) skip(at(skill, "/description"), `its description is ${codePoints(description).toLocaleString("en-US")} characters, over Codex's ${CODEX_DESCRIPTION_MAX.toLocaleString("en-US")}`);
  const name = collapse(fm.name) || folderName(skill.source);
  if (codePoints(name) > CODEX_NAME_MAX) skip(at(skill, "/name"), `its name is ${codePoints(name)} characters, over Codex's ${CODEX_NAME_MAX}`);
  const meta = fm.metadata as Record<string, unknown> | undefined;
  const short = collapse(meta?.["short-description"]);
  if (codePoints(short) > CODEX_DESCRIPTION_MAX) skip(at(skill, "/metadata/short-description"), `its \`metadata.short-description\` is ${codePoints(short).toLocaleString("en-US")} characters, over Codex's ${CODEX_DESCRIPTION_MAX.toLocaleString("en-US")}`);
}

/** openai/skills quick_validate.py, in its order: keys, name and description present, name charset and length, `<>`, description length. */
function openaiRefuses(skill: ValidSkillHead, facts: ClientFacts, report: Report): void {
  const fm = skill.frontmatter;
  const refuse = (range: Range, reason: string) => report(P.CLIENT_SKIPS_SKILL, range, { client: facts.title, verb: "refuses", reason, source: facts.source });
  for (const key of Object.keys(fm)) {
    if (!facts.known.has(key)) refuse(at(skill, pointerOf(key), "key"), `it allows only ${[...facts.known].map((k) => `\`${k}\``).join(", ")}, not \`${key}\``);
  }
  if (fm.name === undefined) refuse(openingFence(), "`name` is missing");
  if (fm.description === undefined) refuse(openingFence(), "`description` is missing");
  const description = typeof fm.description === "string" ? fm.description.trim() : "";
  if (/[<>]/.test(description)) refuse(at(skill, "/description"), "its description holds `<` or `>`");
  if (description.length > 1024) refuse(at(skill, "/description"), `its description is ${description.length.toLocaleString("en-US")} characters, over 1,024`);
}

/** The spec's reference validator: whatever the agentskills profile calls an error. */
function specRefuses(skill: ValidSkillHead, facts: ClientFacts, report: Report): void {
  if (!("text" in skill)) return; // a reused skill was valid when analysed; its text is not at hand
  const { diagnostics } = validateSkill(skill as unknown as ParsedSkill, { profile: "agentskills", settings: {} });
  for (const d of diagnostics) {
    if (d.severity !== "error") continue;
    report(P.CLIENT_SKIPS_SKILL, d, { client: facts.title, verb: "refuses", reason: `${d.message.replace(/\.$/, "")} [${d.ruleId}]`, source: facts.source });
  }
}

function claudeTruncates(skill: ValidSkillHead, facts: ClientFacts, report: Report): void {
  const description = skill.fields.description;
  const when = skill.fields.whenToUse ?? "";
  // Claude Code joins the two with a separator; counted as one space (the least it can be).
  const length = codePoints(description) + (when ? 1 + codePoints(when) : 0);
  if (length <= CLAUDE_CODE_ENTRY_CAP) return;
  const range = when ? at(skill, "/when_to_use") : at(skill, "/description");
  report(P.CLIENT_TRUNCATES, range, { client: facts.title, what: when ? "`description` + `when_to_use`" : "`description`", length, max: CLAUDE_CODE_ENTRY_CAP, source: "anthropics/claude-code CHANGELOG.md 2.1.105" });
}

/**
 * Claude Code's frontmatter pattern (its parser in 2.1.332) ends the frontmatter at the first `---`,
 * even inside a line (`description: Deploys --- when asked`): it reads the fields before that and
 * takes the rest as body, so a `disable-model-invocation: true` after it, which skillc reads (its
 * closing fence is a line of its own), is lost there. Checked as Claude Code checks it itself: the
 * two frontmatters, trimmed, differ. A skill restored from the cache is read again that far
 * (frontmatter-text.ts), so a warm build reports what a cold one does.
 */
const CLAUDE_FRONTMATTER = /^---\s*\n([\s\S]*?)---/;
function claudeEndsEarly(skill: ValidSkillHead, report: Report): void {
  const text = frontmatterText(skill);
  if (text === undefined) return;
  const claude = CLAUDE_FRONTMATTER.exec(text);
  const own = locateFrontmatter(text);
  if (!claude || own.kind !== "found" || claude[1]!.trim() === own.value.trim()) return;
  const at = claude[0].length - 3;
  const line = text.slice(0, at).split("\n").length;
  const column = at - text.lastIndexOf("\n", at - 1);
  report(P.CLIENT_MISREADS, { line, column, endLine: line, endColumn: column + 3 }, {
    client: "Claude Code",
    problem: "ends the frontmatter at the first `---`, even inside a line: it reads only the fields before this point and takes the rest as the body; write the dashes otherwise (quotes do not help: the cut comes before the YAML is read)",
    source: "anthropics/claude-code 2.1.332, its pattern /^---\\s*\\n([\\s\\S]*?)---\\s*\\n?/",
  });
}

/** A name outside [a-z0-9-] that the agentskills profile accepted: clients that check refuse it. */
function checkNameCharset(skill: ValidSkillHead, clients: readonly Client[], profile: Profile, report: Report): void {
  const name = skill.fields.name;
  if (isAsciiName(name)) return;
  const checking = profile === "agentskills" ? [...new Set([...ASCII_NAME_CLIENTS, ...clients.filter((c) => ASCII_NAME_CLIENTS.includes(c))])] : clients.filter((c) => ASCII_NAME_CLIENTS.includes(c));
  if (checking.length === 0) return;
  const own = typeof skill.frontmatter.name === "string";
  report(P.CLIENT_NAME_CHARSET, own ? at(skill, "/name") : openingFence(), { name, folder: !own, clients: checking.map((c) => clientFacts(c).title) });
}

/**
 * Claude Code 2.1.186 loads a SKILL.md whose YAML does not parse with empty metadata: the keys
 * written there (found line by line, as the YAML could not be read) are silently lost. 2.1.332
 * first retries with the values quoted (claude-retry.ts): what that rewrite reads is not lost.
 */
function malformedYaml(parsed: ParsedSkill, report: Report): void {
  if (!parsed.diagnostics.some((d) => d.ruleId === "yaml-syntax")) return;
  const own = locateFrontmatter(parsed.text);
  if (own.kind === "found" && claudeRetryParses(own.value)) return;
  const lines = parsed.text.slice(0, Math.max(0, parsed.bodyOffset)).split("\n");
  const keys = lines.map((l) => /^([A-Za-z][\w-]*):/.exec(l)?.[1]).filter((k): k is string => !!k && k !== "name" && k !== "description");
  const lost = keys.length > 0 ? `\`${[...new Set(keys)].join("`, `")}\`` : "every field but the body";
  report(P.CLIENT_MISREADS, openingFence(), {
    client: "Claude Code",
    problem: `loads a SKILL.md whose YAML does not parse with empty metadata, so this skill would silently lose ${lost} (and use the folder name and the body's first paragraph)`,
    source: "anthropics/claude-code CHANGELOG.md 2.1.186; 2.1.332 retries with quoted values first, which does not read this one",
  });
}

