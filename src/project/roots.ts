// The roots a run searches for skills: the folders given on the command line (or to the API's
// `roots`), else the config's sources. Every caller (lint, build, watch, import) asks here.
import path from "node:path";
import type { SourceRoot } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { relPosix, toPosix } from "../util/paths.js";
import { UsageError } from "../diagnostics/usage-error.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { linkedOutOf } from "../util/linked-out.js";

/** Roots from the config's sources, relative to cwd. Later sources take precedence. */
export function configRoots(cwd: string, config: ResolvedConfig): SourceRoot[] {
  return config.sources.map((s, i) => ({
    dir: toPosix(path.relative(cwd, path.resolve(config.root, s.dir))) || ".",
    scope: s.scope,
    precedence: i,
  }));
}

/** Roots from folders given by the user (relative to cwd), in precedence order (later wins). */
export function rootsFromArgs(cwd: string, dirs: readonly string[]): SourceRoot[] {
  return dirs.map((dir, i) => {
    const rel = toPosix(path.relative(cwd, path.resolve(cwd, dir))) || ".";
    return { dir: rel, scope: path.basename(path.resolve(cwd, dir)) || "root", precedence: i };
  });
}

/** The run's roots: `dirs` when any are given, else the config's sources. */
export function projectRoots(cwd: string, config: ResolvedConfig, dirs?: readonly string[]): SourceRoot[] {
  return dirs && dirs.length > 0 ? rootsFromArgs(cwd, dirs) : configRoots(cwd, config);
}

/** The run's roots as absolute folders, each once (what watch mode watches). */
export function rootDirs(cwd: string, config: ResolvedConfig, dirs?: readonly string[]): string[] {
  return [...new Set(projectRoots(cwd, config, dirs).map((r) => path.resolve(cwd, r.dir)))];
}

/**
 * Refuses (exit 2) a command that writes into the source root `dir` (lint --fix, new, import,
 * remove) when `dir` is inside the project but a committed link takes it out: the same rule as the
 * output folder's (emit/out-dir.ts). Reading a linked root stays allowed (a shared skills folder).
 */
export function checkWritableRoot(c: { project: string; dir: string; cwd: string }): void {
  const real = linkedOutOf(c.project, c.dir);
  if (real === undefined) return;
  throw new UsageError(
    `refusing to write into the source root ${escapeTerminal(relPosix(c.cwd, c.dir))}: a symbolic link on the way leads out of the project, to ${escapeTerminal(toPosix(real))}; ` +
      "if that folder is meant, name it itself (its real path in the config's sources), or replace the link with a folder.",
  );
}
