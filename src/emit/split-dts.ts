// index.d.ts of a split build (output: "split"): the runtime's synchronous API becomes `SkillsCore`,
// and `Skills` is what the split helper (src/emit/split-helper.ts) exports: the same members, with
// load, file, invoke, disclose and call returning Promises, plus `ready`. The loader option and
// `fetchLoader` are typed here too. Written as text beside the runtime's generated types, so that
// a single build's index.d.ts stays exactly as it was.

/** The runtime's declaration of `Skills`, renamed (the split `Skills` below extends it). */
export function splitRuntimeApi(runtimeApi: string): string {
  const from = "export interface Skills {";
  if (!runtimeApi.includes(from)) throw new Error("skillc: the runtime's type text has no `export interface Skills {`; update src/emit/split-dts.ts");
  return runtimeApi.replace(from, "/** The synchronous API the split layout wraps (the single layout's `Skills`). */\nexport interface SkillsCore {");
}

/** What index.js exports in a split build. */
export const SPLIT_EXPORTS = `/**
 * The API of a split bundle: each skill's body and files are in their own chunk (\`chunks/<sha256>.js\`),
 * loaded the first time they are needed. list, get, search, match, catalog, tools and toolsets
 * answer synchronously from index.js; load, file, invoke, disclose and call return Promises.
 */
export interface Skills extends Omit<SkillsCore, "load" | "file" | "invoke" | "disclose" | "call" | "session"> {
  /** The skill expanded with \`args\` and \`opts\` (the \`\${CLAUDE_…}\` values), once its chunk is loaded. Rejects with SkillError. */
  load<R extends SkillRef>(nameOrPath: R, args?: string | ArgvOf<R>, opts?: LoadOptions): Promise<LoadResult>;
  /** A supporting file: text as a string, binary as bytes. Rejects with SkillError (INVALID_PARAM, NOT_FOUND). */
  file<R extends SkillRef, P extends FilePathOf<R>>(nameOrPath: R, relPath: P): Promise<FileOf<R, P>>;
  /** A user's \`/name args\`: the load result; null when \`text\` is not a command naming a skill. */
  invoke<C extends string>(text: C & CommandOf<C>): Promise<LoadResult | null>;
  /** As SkillsCore.disclose; "full" loads the chunks of the skills it includes first. */
  disclose(tier: DisclosureTier, text?: string): Promise<string>;
  /** Runs a tool for the model; never rejects: failures (a chunk that cannot be loaded too) are \`isError\` results. */
  call(toolName: BuiltinToolName | ToolsetToolName | (string & {}), input: unknown): Promise<ToolResult>;
  /** Loads the chunks of these skills (every permitted skill when omitted), so that later calls need no I/O. Rejects with SkillError. */
  ready(nameOrPaths?: SkillRef | readonly SkillRef[]): Promise<void>;
  /** The same API with per-conversation state: a repeated, unchanged load returns a short reminder. */
  session(): Skills;
}

/** Gets a chunk's payload by its hash: what \`import("./chunks/<hash>.js")\` gives as \`default\`. */
export type ChunkLoader = (hash: string) => Promise<unknown>;

export interface SplitSkillsOptions extends SkillsOptions {
  /** Where chunks come from. @default the bundle's own \`import("./chunks/<hash>.js")\` */
  loader?: ChunkLoader;
}

/** A supporting file of a skill (the runtime's BundleFile). */
export type SkillFileInfo = BundleFile;
/** One ranked skill from \`search\` or \`match\`. */
export type SearchHit = SearchResult;

export declare const skills: Skills;
export default skills;
/**
 * Another instance over this bundle's skills with run-time options: \`allow\` replaces the build's
 * allow list, \`deny\` adds to its deny list (deny wins), \`loadFormat\` frames \`load().text\`, and
 * \`loader\` says where chunks come from (e.g. \`fetchLoader("https://cdn.example.com/skills/")\`).
 */
export declare function createSkills(options?: SplitSkillsOptions): Skills;
/**
 * A loader that fetches \`<baseUrl>/chunks/<hash>.js\` (a CDN, R2, any static host serving outDir)
 * and checks its SHA-256 against its name before use: a tampered or corrupted chunk is refused
 * with SkillError EXECUTION_ERROR, and so is one over \`maxBytes\` (default 64 MiB; a host streaming
 * without end is cut off there) or not whole within \`timeoutMs\` (default 30,000).
 * \`fetch\`: another fetch to use (default: the global one).
 */
export declare function fetchLoader(
  baseUrl: string | { readonly href: string },
  options?: {
    fetch?: (url: ChunkUrl) => Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer> }>;
    maxBytes?: number;
    timeoutMs?: number;
  },
): ChunkLoader;
/** The URL of a chunk as \`fetchLoader\` hands it to \`fetch\` (a WHATWG URL; typed without the DOM library). */
export interface ChunkUrl {
  readonly href: string;
  readonly pathname: string;
  toString(): string;
}
`;
