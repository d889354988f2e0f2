import type { CollisionPolicy, Profile, RuleSetting } from "../types.js";
import type { CatalogFormat, Dialect, LoadFormat } from "../runtime/data.js";

/** A root to search for skills. Later entries take precedence over earlier ones. */
export interface SourceConfig {
  /** Folder, relative to the project root. */
  dir: string;
  /** Label shown in the manifest, catalog and search ("builtin", "project", …). @default the folder's base name */
  scope?: string;
}

/** Catalog size: characters, tokens (4 chars each), or a fraction of a context window in tokens. */
export type BudgetConfig =
  | { chars: number }
  | { tokens: number }
  | { contextTokens: number; fraction?: number };

/** What users write in skillc.config.*. Every field is optional. */
export interface SkillcConfig {
  /** Roots in precedence order (later wins). @default [{ dir: "skills" }] */
  sources?: Array<string | SourceConfig>;
  /** Where outputs go. @default ".skillc" */
  outDir?: string;
  /** Validation profile. @default "skillc" */
  profile?: Profile;
  /** Same-named skills across roots. @default "override" */
  collisions?: CollisionPolicy;
  /** Name nested skills `group:name` after their parent folders. @default false */
  namespaces?: boolean;
  /** Extra JSON Schema (a path relative to the config) merged with the profile's. */
  schema?: string;
  /** Substitution dialect. @default "claude-code" */
  dialect?: Dialect;
  catalog?: {
    /** @default "xml" */
    format?: CatalogFormat;
    /** @default { chars: 16000 } */
    budget?: BudgetConfig;
  };
  /** How `load().text` is framed. @default "plain" */
  loadFormat?: LoadFormat;
  files?: {
    /** @default ["**\/*"] */
    include?: string[];
    /** @default [] */
    exclude?: string[];
    /** Files larger than this are left out with a diagnostic. @default 1000000 */
    maxBytes?: number;
  };
  discovery?: {
    /** Folder depth searched below each root. @default 6 */
    maxDepth?: number;
    /** Folders visited per root. @default 2000 */
    maxFolders?: number;
  };
  /** Allow/deny by skill name (deny wins), applied on every runtime path. @default { allow: [], deny: [] } */
  permissions?: { allow?: string[]; deny?: string[] };
  /** Rule severities by id. @default {} */
  rules?: Record<string, RuleSetting>;
  /**
   * Rule severities for some paths (ESLint's shape): `files` are globs relative to the project root;
   * later entries win over earlier ones and over `rules`; `--rule` flags win over all.
   * @example [{ files: ["skills/legacy/**"], rules: { "placeholder-in-code": "off" } }]
   */
  overrides?: Array<{ files: string[]; rules: Record<string, RuleSetting> }>;
  /** Warn when index.js passes this many bytes. @default 25000000 */
  maxBundleBytes?: number;
  /**
   * The output's layout: "single" (one index.js, synchronous `load`), "split" (index.js holds the
   * metadata, each skill's body and files sit in a content-addressed `chunks/<sha256>.js`; `load`,
   * `file`, `invoke`, `disclose` and `call` return Promises), or "auto" (split past about 3 MB of skills).
   * @default "single"
   */
  output?: OutputLayout;
}

/** How outDir is laid out (see SkillcConfig.output). */
export type OutputLayout = "single" | "split" | "auto";

/** The config with every default filled in and paths resolved. */
export interface ResolvedConfig {
  /** Absolute project root (where the config is, or the cwd). */
  root: string;
  /** Absolute path of the config file, if any. */
  configFile?: string;
  sources: Array<{ dir: string; scope: string }>;
  outDir: string;
  profile: Profile;
  collisions: CollisionPolicy;
  namespaces: boolean;
  schema?: Record<string, unknown>;
  dialect: Dialect;
  catalog: { format: CatalogFormat; budgetChars: number };
  loadFormat: LoadFormat;
  files: { include: string[]; exclude: string[]; maxBytes: number };
  discovery: { maxDepth: number; maxFolders: number };
  permissions: { allow: string[]; deny: string[] };
  rules: Record<string, RuleSetting>;
  overrides: Array<{ files: string[]; rules: Record<string, RuleSetting> }>;
  maxBundleBytes: number;
  output: OutputLayout;
}

export function defineConfig(config: SkillcConfig): SkillcConfig {
  return config;
}

/**
 * Every option's default, written as a user would write it: the one place a default is set.
 * resolveDefaults fills a config from it, `skillc init` writes it out, and test/config-defaults.test.ts
 * checks each `@default` of SkillcConfig above against it.
 */
export const DEFAULTS = {
  sources: [{ dir: "skills", scope: "skills" }],
  outDir: ".skillc",
  profile: "skillc",
  collisions: "override",
  namespaces: false,
  dialect: "claude-code",
  catalog: { format: "xml", budget: { chars: 16000 } },
  loadFormat: "plain",
  files: { include: ["**/*"], exclude: [], maxBytes: 1_000_000 },
  discovery: { maxDepth: 6, maxFolders: 2000 },
  permissions: { allow: [], deny: [] },
  rules: {},
  maxBundleBytes: 25_000_000,
  output: "single",
} as const satisfies DeepReadonly<Required<Omit<SkillcConfig, "schema" | "overrides">>>;

type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** Characters a budget allows; tokens count 4 characters each (the same estimate Claude Code uses). */
export function budgetToChars(budget: BudgetConfig | undefined): number {
  if (!budget) return DEFAULTS.catalog.budget.chars;
  if ("chars" in budget) return budget.chars;
  if ("tokens" in budget) return budget.tokens * 4;
  return Math.floor(budget.contextTokens * (budget.fraction ?? 0.01) * 4);
}

export function resolveDefaults(root: string, config: SkillcConfig = {}, configFile?: string): ResolvedConfig {
  const sources = (config.sources ?? DEFAULTS.sources).map((s) => {
    const src = typeof s === "string" ? { dir: s } : s;
    const dir = src.dir.replace(/\\/g, "/").replace(/\/+$/, "") || ".";
    return { dir, scope: src.scope ?? (dir.split("/").filter((p) => p && p !== "." && p !== "..").pop() ?? "root") };
  });
  return {
    root,
    configFile,
    sources,
    outDir: config.outDir ?? DEFAULTS.outDir,
    profile: config.profile ?? DEFAULTS.profile,
    collisions: config.collisions ?? DEFAULTS.collisions,
    namespaces: config.namespaces ?? DEFAULTS.namespaces,
    dialect: config.dialect ?? DEFAULTS.dialect,
    catalog: { format: config.catalog?.format ?? DEFAULTS.catalog.format, budgetChars: budgetToChars(config.catalog?.budget) },
    loadFormat: config.loadFormat ?? DEFAULTS.loadFormat,
    files: {
      include: config.files?.include ?? [...DEFAULTS.files.include],
      exclude: config.files?.exclude ?? [...DEFAULTS.files.exclude],
      maxBytes: config.files?.maxBytes ?? DEFAULTS.files.maxBytes,
    },
    discovery: {
      maxDepth: config.discovery?.maxDepth ?? DEFAULTS.discovery.maxDepth,
      maxFolders: config.discovery?.maxFolders ?? DEFAULTS.discovery.maxFolders,
    },
    permissions: { allow: config.permissions?.allow ?? [...DEFAULTS.permissions.allow], deny: config.permissions?.deny ?? [...DEFAULTS.permissions.deny] },
    rules: config.rules ?? { ...DEFAULTS.rules },
    overrides: (config.overrides ?? []).map((o) => ({ files: [...o.files], rules: { ...o.rules } })),
    maxBundleBytes: config.maxBundleBytes ?? DEFAULTS.maxBundleBytes,
    output: config.output ?? DEFAULTS.output,
  };
}
