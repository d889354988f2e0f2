// The option and result types of the exported lint() and build(). They name only public shapes
// (diagnostics, skills, config): no cache, worker-pool or Node types, so the published .d.ts
// type-checks without @types/node (skipLibCheck: false).
import type { Collision, CompiledSkill, Diagnostic, Profile, RuleSetting } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { LintFileResult } from "../diagnostics/format.js";

export interface LintOptions {
  cwd: string;
  /** The resolved config. Default: loaded from `cwd` (skillc.config.* there, else the defaults). */
  config?: ResolvedConfig;
  /** SKILL.md files, skill folders, roots, or files inside skill folders. Default: the config's sources. */
  paths?: string[];
  profile?: Profile;
  /** Overrides on top of config.rules. */
  rules?: Record<string, RuleSetting>;
  /**
   * Reuse analyses of unchanged skills from node_modules/.cache/skillc: true always, false never;
   * by default only from CACHE_MIN_SKILLS skills on (loading a large cache costs more than analysing
   * the few skills a pre-commit hook passes).
   */
  cache?: boolean;
}

/** What `lint()` returns: per-file diagnostics and how many skills were checked. */
export interface LintReport {
  results: LintFileResult[];
  /** Skills checked. */
  skills: number;
}

/** Options of the exported `build()`. */
export interface BuildApiOptions {
  cwd: string;
  /** The resolved config. Default: loaded from `cwd` (skillc.config.* there, else the defaults). */
  config?: ResolvedConfig;
  /** Source roots that replace the config's sources (later wins). */
  roots?: string[];
  profile?: Profile;
  /** Overrides on top of config.rules. */
  rules?: Record<string, RuleSetting>;
  /**
   * Reuse analyses of unchanged skills from node_modules/.cache/skillc: true always, false never;
   * by default only from 32 skills on (loading a large cache costs more than analysing the few
   * skills a pre-commit hook passes), and never in CI.
   */
  cache?: boolean;
  /** Write the error-free skills even when others have errors. */
  emitOnError?: boolean;
  /** Warnings fail the build. */
  strict?: boolean;
  /** Build in memory only (render, catalog, list): nothing is written. */
  write?: boolean;
  /** Called as skills are analysed (the CLI draws a progress line on a TTY). */
  onProgress?: (done: number, total: number) => void;
}

/** What the exported `build()` returns. */
export interface BuildApiResult {
  diagnostics: Diagnostic[];
  /** The skills emitted. */
  skills: CompiledSkill[];
  collisions: Collision[];
  /**
   * Emitted files by name relative to outDir (present even when not written). A writing build streams
   * its chunks (split layout) and its index.js (single layout) to outDir instead, so they are here
   * only when nothing is written (`write: false`).
   */
  files?: Map<string, string | Uint8Array>;
  written: boolean;
  /** Absolute output folder. */
  outDir: string;
  bundleBytes: number;
  /** Skills found, including those that failed. */
  found: number;
  /** The layout emitted: config `output`, with "auto" decided. */
  layout: "single" | "split";
  /** Split layout: how many chunks index.js refers to. */
  chunks?: number;
}
