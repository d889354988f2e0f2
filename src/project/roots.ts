// The roots a run searches for skills: the folders given on the command line (or to the API's
// `roots`), else the config's sources. Every caller (lint, build, watch, import) asks here.
import path from "node:path";
import type { SourceRoot } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { toPosix } from "../util/paths.js";

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
