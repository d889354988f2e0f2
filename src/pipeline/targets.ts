// `skillc lint [paths…]` → roots to discover and the skill folders to keep.
//
// A path may be a root (a folder without a SKILL.md, not inside a skill), a skill folder, a SKILL.md,
// or any file or folder inside a skill folder (lint-staged passes staged files one by one):
// `skills/x/references/a.md` maps to the skill `skills/x`, found by walking up to the nearest folder
// holding a SKILL.md (or a case variant), never above cwd (for a path outside cwd: at most
// `maxDepth` levels up).
// - Each skill found this way becomes a root of its own (relDir = its folder name), so discovery
//   stays cheap and no unrelated bound can cut it. When every path maps to a skill, `only` lists
//   exactly those skill folders (nested skills inside them are dropped); when any path is a plain
//   root, `only` is undefined and each targeted skill folder is linted with its nested skills.
// - A root inside another target root is dropped (its skills are found through the outer one).
// - Roots keep the order of the paths given (later = higher precedence, as on the command line).
// - A path inside cwd whose folders reach outside it through a symbolic link (`skills/evil` →
//   `/home/me`, or a file below such a link) → `symlink-escape`, and it is not linted: hooks pass the paths a
//   pull request touched, and following one out of the checkout read (and `--fix` rewrote) files that
//   are not the project's. A full lint reports the same link the same way (discover-folder.ts). A
//   path given outside cwd is followed: naming it is the user's own choice.
// - A path that does not exist → `path-missing` (error). A file outside every skill folder is
//   ignored when it is not markdown (lint-staged passes unrelated files) and reported as
//   `not-in-skill` (warning) when it is (.md, .markdown, .mdx): it may be a misplaced skill file,
//   or when it is an archive (.zip, .skill, .tgz, .tar.gz, .tar): `skillc import` is what checks those.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { Diagnostic, SourceRoot } from "../types.js";
import { report, skillFileCandidates, type DiscoverOptions } from "./discover.js";
import * as D from "../rules/discovery-rules.js";
import { isInside, relPosix } from "../util/paths.js";

const MARKDOWN = /\.(md|markdown|mdx)$/i;
/** Archives a skill may arrive in: lint does not open them, `skillc import` does. */
const ARCHIVE = /\.(zip|skill|tgz|tar\.gz|tar)$/i;

/** Whether `dir` holds a regular SKILL.md (or a case variant). */
async function isSkillFolder(dir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return false;
  }
  for (const name of skillFileCandidates(names)) {
    try {
      if ((await fs.stat(path.join(dir, name))).isFile()) return true;
    } catch {
      // broken link: not a skill file
    }
  }
  return false;
}

/** The nearest folder at or above `start` that is a skill folder, bounded as described above. */
async function enclosingSkill(start: string, cwd: string, maxUp: number): Promise<string | undefined> {
  const bounded = isInside(cwd, start);
  let dir = start;
  for (let up = 0; ; up++) {
    if (await isSkillFolder(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir || (bounded ? dir === cwd : up >= maxUp)) return undefined;
    dir = parent;
  }
}

/**
 * For a path inside cwd whose real path is outside cwd's: the symbolic link on its way that leads out
 * (the first one, from cwd down). Undefined when the path stays inside (or is outside cwd to begin with).
 */
async function escapingLink(abs: string, cwd: string, realCwd: string): Promise<string | undefined> {
  if (!isInside(cwd, abs) || isInside(realCwd, await fs.realpath(abs))) return undefined;
  let at = cwd;
  for (const part of path.relative(cwd, abs).split(path.sep)) {
    at = path.join(at, part);
    if ((await fs.lstat(at)).isSymbolicLink() && !isInside(realCwd, await fs.realpath(at))) return at;
  }
  // Reached only through a link whose own target is inside but whose parts lead out: name the path itself.
  return abs;
}

export async function resolveTargets(
  paths: string[],
  opts: DiscoverOptions,
): Promise<{ roots: SourceRoot[]; only?: Set<string>; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const realCwd = await fs.realpath(opts.cwd).catch(() => opts.cwd);
  const found = await Promise.all(
    paths.map(async (p): Promise<{ abs: string; skill: boolean } | undefined> => {
      const abs = path.resolve(opts.cwd, p);
      const shown = relPosix(opts.cwd, abs);
      let isDir: boolean;
      let link: string | undefined;
      try {
        isDir = (await fs.stat(abs)).isDirectory();
        // The folders only: a file that is itself a link out is its skill's business (discovery reports
        // a SKILL.md, files.ts a supporting file), and its skill is still linted.
        link = await escapingLink(isDir ? abs : path.dirname(abs), opts.cwd, realCwd);
      } catch (error) {
        // A path that exists but cannot be reached (a link loop, permissions) is named with its cause.
        const code = (error as NodeJS.ErrnoException).code ?? "unknown";
        report(opts, diagnostics, D.PATH_MISSING, shown, code === "ENOENT" || code === "ENOTDIR" ? { path: p } : { path: p, code });
        return undefined;
      }
      if (link !== undefined) {
        const linkShown = relPosix(opts.cwd, link);
        report(opts, diagnostics, D.SYMLINK_ESCAPE, linkShown, { kind: "folder", path: linkShown, root: "." });
        return undefined;
      }
      const skill = await enclosingSkill(isDir ? abs : path.dirname(abs), opts.cwd, opts.maxDepth);
      if (skill) return { abs: skill, skill: true };
      if (isDir) return { abs, skill: false };
      if (MARKDOWN.test(abs)) {
        report(opts, diagnostics, D.NOT_IN_SKILL, shown, { kind: "markdown", path: shown });
      } else if (ARCHIVE.test(abs)) {
        report(opts, diagnostics, D.NOT_IN_SKILL, shown, { kind: "archive", path: shown });
      }
      return undefined;
    }),
  );

  const targets: Array<{ abs: string; skill: boolean }> = [];
  for (const t of found) if (t && !targets.some((o) => o.abs === t.abs)) targets.push(t);
  const kept = targets.filter((t) => !targets.some((o) => o !== t && o.abs !== t.abs && isInside(o.abs, t.abs)));
  const roots: SourceRoot[] = kept.map((t, i) => {
    const dir = relPosix(opts.cwd, t.abs);
    return { dir, scope: path.basename(t.abs) || dir, precedence: i };
  });
  const allSkills = targets.length > 0 && targets.every((t) => t.skill);
  const only = allSkills ? new Set(targets.map((t) => relPosix(opts.cwd, t.abs))) : undefined;
  return { roots, only, diagnostics };
}
