// The data that flows through the compiler, one stage to the next:
//   SkillSource → ParsedSkill → ValidSkill → ResolvedSkill → CompiledSkill → ToolsetSkill → BuildResult
// A skill a rebuild did not read (its folder is unchanged) flows as a ValidSkillHead, then a
// ReusedSkill, whose line in index.js is copied from the previous build.
// A stage that fails a skill keeps its diagnostics and drops the skill from later stages;
// no stage throws for bad input.

/** How bad a finding is. "off" exists only in settings, never on a diagnostic. */
export type Severity = "error" | "warning";
export type RuleSetting = "off" | "warn" | "error";

/** A safe text rewrite, as ESLint's: replace `range` (offsets into the file's original text) with `text`. */
export interface Fix {
  range: [number, number];
  text: string;
}

/** One finding. `file` is posix and relative to the working directory; lines and columns are 1-based. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  ruleId: string;
  severity: Severity;
  /** What happened, why, and how to fix it — no "Error:" prefix, no position inside the text. */
  message: string;
  fix?: Fix;
  /**
   * Set when a `<!-- skillc-disable… -->` comment suppressed this diagnostic (ESLint's shape): it is
   * then reported only as suppressed (the JSON formatter's `suppressedMessages`), never counted.
   */
  suppressions?: Array<{ kind: "directive"; justification: string }>;
}

/** Validation profile: which frontmatter fields are known and how strict the rules are. */
export type Profile = "skillc" | "agentskills" | "claude-code" | "codex";
export const PROFILES: readonly Profile[] = ["skillc", "agentskills", "claude-code", "codex"];

/**
 * A client the portability lint (`--clients`, config `clients`) checks skills against: how it reads,
 * truncates, ignores or refuses them (schema/skill.schema.json `x-client`, src/pipeline/portability.ts).
 * `agentskills` is the spec's reference validator (skills-ref); `openai-skills` is OpenAI's
 * skill-creator validator (openai/skills quick_validate.py).
 */
export type Client = "claude-code" | "codex" | "openai-skills" | "agentskills";
export const CLIENTS: readonly Client[] = ["claude-code", "codex", "openai-skills", "agentskills"];

/** A folder searched for skills. Later roots take precedence (higher `precedence`). */
export interface SourceRoot {
  /** posix, relative to cwd ("skills", "../shared/corpus/x"); "." for the cwd itself. */
  dir: string;
  /** free-form label: "builtin", "project", "user", … (defaults to the folder's base name). */
  scope: string;
  /** 0 for the first root; later roots are higher and win `override` collisions. */
  precedence: number;
}

/** A folder that holds a SKILL.md, found by discovery. */
export interface SkillSource {
  root: SourceRoot;
  /** posix, relative to cwd: "skills/review-diff". */
  dir: string;
  /** posix, relative to the root: "review-diff", or "group/review-diff" when nested. */
  relDir: string;
  /** posix, relative to cwd: "skills/review-diff/SKILL.md". */
  file: string;
  /** "SKILL.md", or "skill.md" (found, and warned about). */
  fileName: string;
  /** absolute, symlinks resolved. Used to read files; never written to any output. */
  absDir: string;
}

/** A range in a file: 1-based line and column, end exclusive of the column after the last char. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * Where each frontmatter node sits in the SKILL.md, keyed by JSON pointer ("" for the root map,
 * "/name", "/metadata/version", "/triggers/patterns/0"). Plain data so a cache can store it.
 */
export type NodePositions = Record<string, { key?: Range; value: Range }>;

export interface ParsedSkill {
  source: SkillSource;
  /** sha256 hex of the raw SKILL.md bytes. */
  hash: string;
  /** Decoded text: BOM removed, CRLF turned into LF. All offsets below index into it. */
  text: string;
  /** The YAML frontmatter as plain JSON-safe data (no prototype keys honoured), or undefined when it failed to parse. */
  frontmatter: Record<string, unknown> | undefined;
  positions: NodePositions;
  /** Range of the whole frontmatter block, from the opening `---` to the closing one. */
  frontmatterRange: Range;
  /** Offset in `text` where the body (after the closing `---` line) starts, before trimming. */
  bodyOffset: number;
  /** Everything after the closing `---`, trimmed. */
  body: string;
  /** Offset in `text` of `body[0]` (i.e. bodyOffset plus the trimmed leading whitespace). */
  bodyStart: number;
  diagnostics: Diagnostic[];
}

/** Triggers of reference.md §5.5: keywords and verbs match at word boundaries, patterns are regexes. */
export interface Triggers {
  keywords: string[];
  verbs: string[];
  patterns: string[];
}

/** The frontmatter after validation, normalized to one shape whatever the profile accepted. */
export interface SkillFields {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  allowedTools?: string[];
  disallowedTools?: string[];
  whenToUse?: string;
  argumentHint?: string;
  /** Named arguments (`arguments:`), in positional order. */
  arguments: string[];
  disableModelInvocation: boolean;
  userInvocable: boolean;
  model?: string;
  effort?: string;
  context?: "fork";
  agent?: string;
  paths?: string[];
  shell?: string;
  version?: string;
  toolsets: string[];
  triggers?: Triggers;
  defaultEnabled: boolean;
  /** `brief_description`, else the description's first sentence. */
  briefDescription: string;
  scripts: string[];
}

export interface ValidSkill extends ParsedSkill {
  frontmatter: Record<string, unknown>;
  fields: SkillFields;
}

export interface ResolvedSkill extends ValidSkill {
  /** The name lookups use: `fields.name`, or `group:name` with namespaces on. */
  name: string;
}

/**
 * A valid skill without its text and body: what the caches restore of a skill whose folder did not
 * change since the last build (the SKILL.md is not even read). Resolve needs no more than this.
 */
export type ValidSkillHead = Omit<ValidSkill, "text" | "body">;

/** A resolved skill without its text and body: all the toolset and script checks and resolve read. */
export type ResolvedSkillHead = Omit<ResolvedSkill, "text" | "body">;

/** A supporting file of a skill, as it goes into the bundle. */
export interface SkillFile {
  /** posix, relative to the skill folder: "references/api.md". */
  path: string;
  bytes: number;
  sha256: string;
  binary: boolean;
  executable: boolean;
  /** Interpreter named by a `#!` line (scripts only), e.g. "python3", "bash", "node". */
  interpreter?: string;
  /** Text content (binary: false) or raw bytes (binary: true). */
  content: string | Uint8Array;
}

/** A supporting file without its contents: what the build cache keeps and a reused skill carries. */
export type SkillFileMeta = Omit<SkillFile, "content">;

/** How a collision between roots was settled. */
export interface Collision {
  name: string;
  policy: CollisionPolicy;
  /** Source paths (SKILL.md, relative) in precedence order, lowest first. */
  paths: string[];
  /** The path that won (override), or undefined (keep / error). */
  winner?: string;
}

export type CollisionPolicy = "override" | "error" | "keep";

/** A skill ready to emit: its body compiled to template parts and its supporting files read. */
export interface CompiledSkill extends ResolvedSkill {
  template: import("./runtime/data.js").TemplatePart[];
  /** Supporting files (SKILL.md itself excluded), sorted by path. */
  files: SkillFile[];
  /** sha256 hex over the SKILL.md bytes and every file's path and sha256: changes when anything served changes. */
  contentHash: string;
  /**
   * Split layout, a writing build: its chunk's hash, staged as soon as it was analysed
   * (project/chunk-stream.ts); its template is then empty and its files' contents "".
   */
  chunk?: string;
  /** With `chunk`: its piece chunks' hashes (emit/split.ts renderChunk), staged with it. */
  pieces?: string[];
}

/** One `toolsets` entry, compiled (src/toolsets/compile.ts). */
export interface ToolsetEntry {
  /** As written: "toolsets/index:HelloToolset". */
  entry: string;
  /** The module it resolved to, posix, relative to the skill folder: "toolsets/index.ts". */
  file: string;
  exportName: string;
  /** Names of its tools, in order. */
  tools: string[];
  /** A function body (no newline, no import) whose `return` is the exported toolset. */
  body: string;
}

/** A skill's toolsets, ready to emit. */
export interface CompiledToolsets {
  entries: ToolsetEntry[];
  /** Every tool name of the skill, in entry order. */
  tools: string[];
}

/** A compiled skill as emit takes it: with its compiled toolsets when it has any. */
export type ToolsetSkill = CompiledSkill & { toolsets?: CompiledToolsets };

/**
 * A skill a rebuild did not read: its folder's fingerprint is unchanged, so its frontmatter comes
 * from the analysis cache, its files' metadata from the build cache, and its line in index.js is
 * copied from the previous one (verified against its key and bytes). It has no text, body or
 * template, and never toolsets (a skill with toolsets is always read).
 */
export interface ReusedSkill extends ResolvedSkillHead {
  files: SkillFileMeta[];
  /** As CompiledSkill's. */
  contentHash: string;
  /** Its line in the previous index.js (without the trailing comma) and that line's sha1; `span`: where it is there, when emit may splice it from that file (its bytes then read only if asked for). */
  line: { bytes: Uint8Array; sha1: string; span?: { offset: number; length: number } };
  /** Split layout: its chunk's hash (the build cache's record; the chunk is in outDir). */
  chunk?: string;
  /** Never: a skill with toolsets is always read and compiled. */
  toolsets?: undefined;
}

/** What emit renders: every output but index.js's skill lines reads only what both kinds share. */
export type EmitSkill = ToolsetSkill | ReusedSkill;

/** Whether a skill to emit was reused (it carries its previous line instead of a template and contents). */
export function isReused(skill: EmitSkill): skill is ReusedSkill {
  return "line" in skill;
}
