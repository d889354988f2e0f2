// Keeps esbuild inside the skill while it bundles a toolset entry. Every import (import attributes
// `with { type: "text" | "json" | "bytes" }` included) must resolve, real path, to a regular file
// inside the skill folder or inside a `node_modules` folder of the skill folder or one of its
// ancestors (an installed package). Refused, with an error at the import (esbuild adds file:line:col):
// absolute paths and URLs, paths out of the folder, symlinks in the skill pointing out, /proc, /dev,
// /sys, directories, FIFOs, sockets and devices — checked with stat/lstat, which never open a file,
// before esbuild reads anything. The bytes loaded per entry are bounded (stat before load).
//
// esbuild itself reads `package.json` files while it resolves (in every folder on the way, up to
// the file system's root): each one it could read is checked first (a regular file of at most
// PACKAGE_JSON_MAX bytes), so a FIFO or a link to /dev/zero named package.json cannot hang it.
// tsconfig.json files are not read at all (the caller passes `tsconfigRaw`).
import fs from "node:fs";
import path from "node:path";
import type { OnResolveArgs, Plugin, PluginBuild } from "esbuild";
import { toPosix } from "../util/paths.js";

export const ENTRY_FILE = "<toolset entry>";
/** Bytes esbuild may load for one toolset entry, all modules and imported files together. */
export const MAX_ENTRY_BYTES = 5 * 1024 * 1024;
const PACKAGE_JSON_MAX = 1024 * 1024;
const SYSTEM = /^\/(?:proc|dev|sys)(?:\/|$)/;
const MARK = "skillc-confine";

export interface Confinement {
  /** Real path of the skill folder. */
  root: string;
  /** Real path of the entry module (the only absolute import allowed: the generated entry's). */
  entry: string;
}

export function confinePlugin(c: Confinement, limit = MAX_ENTRY_BYTES): Plugin {
  return {
    name: "skillc",
    setup(b) {
      const loaded = new Map<string, number>();
      const seen = new Map<string, string | undefined>();
      b.onResolve({ filter: /.*/ }, async (args) => {
        if ((args.pluginData as { mark?: string } | undefined)?.mark === MARK) return undefined;
        const refused = args.path === c.entry && path.basename(args.importer) === ENTRY_FILE ? undefined : beforeResolve(c, args, seen);
        if (refused) return { errors: [{ text: refused }] };
        const r = await resolve(b, args);
        // esbuild's own error (missing file, a Node built-in): let it resolve again and say it.
        if (r.errors.length > 0 || r.external) return undefined;
        if (r.namespace === "dataurl") return { path: r.path, namespace: r.namespace };
        if (r.namespace !== "file") return { errors: [{ text: `"${args.path}" resolves outside the file system (${r.namespace}); toolsets import files only` }] };
        const after = afterResolve(c, args.path, r.path);
        if (typeof after !== "string" || after.startsWith("!")) return after ? { errors: [{ text: after.slice(1) }] } : undefined;
        return { path: after, sideEffects: r.sideEffects, suffix: r.suffix, pluginData: r.pluginData };
      });
      b.onLoad({ filter: /.*/, namespace: "file" }, (args) => {
        const problem = account(loaded, args.path, limit);
        return problem ? { errors: [{ text: problem }] } : undefined;
      });
    },
  };
}

function resolve(b: PluginBuild, args: OnResolveArgs) {
  return b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, with: args.with, pluginData: { mark: MARK } });
}

/** Why `args` is refused before esbuild looks at the disk for it, or undefined. */
function beforeResolve(c: Confinement, args: OnResolveArgs, seen: Map<string, string | undefined>): string | undefined {
  const spec = args.path;
  if (spec.includes("\0")) return `import "${spec.replace(/\0/g, "\\0")}" holds a NUL character`;
  // data: URLs carry their content; node: built-ins fail in esbuild's resolver with its own message.
  if (spec.startsWith("data:") || spec.startsWith("node:")) return undefined;
  if (path.isAbsolute(spec) || /^[A-Za-z]:[\\/]/.test(spec) || spec.startsWith("\\")) return `"${spec}" is an absolute path; a toolset imports files of its skill (relative paths) and installed packages only`;
  if (/^[A-Za-z][\w+.-]*:/.test(spec)) return `"${spec}" is a URL; a toolset imports files of its skill (relative paths) and installed packages only`;
  const dir = args.resolveDir || c.root;
  const relative = spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../");
  const targets = relative ? [path.resolve(dir, spec)] : packageDirs(dir, spec);
  for (const t of targets) {
    if (relative && !allowedPlace(c.root, t)) return `"${spec}" leads outside the skill folder; a toolset may import only files inside its skill and installed packages`;
    const link = linkOut(c.root, t);
    if (link) return `"${spec}" goes through ${link}, a symlink pointing outside the skill folder`;
    // A folder is resolved through its index file, except as raw data (`with { type }`).
    if (relative && args.with?.type && fileKind(t) === "a directory") return `"${spec}" is a directory, not a regular file`;
  }
  for (const d of new Set([dir, ...targets.map((t) => path.dirname(t)), ...targets])) {
    const bad = packageJsonProblem(d, seen);
    if (bad) return `esbuild would read ${bad} to resolve "${spec}"`;
  }
  return undefined;
}

/** The real path of a resolved file, or "!why" when refused. */
function afterResolve(c: Confinement, spec: string, file: string): string {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (err) {
    return `!"${spec}" cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`;
  }
  if (SYSTEM.test(real)) return `!"${spec}" resolves to ${real}, a system file; a toolset may import only files inside its skill and installed packages`;
  if (!allowedPlace(c.root, real)) return `!"${spec}" resolves to a file outside the skill folder; a toolset may import only files inside its skill and installed packages`;
  const kind = fileKind(real);
  if (kind !== "file") return `!"${spec}" is ${kind}, not a regular file`;
  return real;
}

/** Adds a file's size to the entry's total; the problem when over `limit` or not a regular file. */
function account(loaded: Map<string, number>, file: string, limit: number): string | undefined {
  if (loaded.has(file)) return undefined;
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (err) {
    return `cannot read ${path.basename(file)} (${(err as NodeJS.ErrnoException).code ?? "error"})`;
  }
  if (!st.isFile()) return `${path.basename(file)} is not a regular file`;
  loaded.set(file, st.size);
  let total = 0;
  for (const n of loaded.values()) total += n;
  if (total > limit) return `the files this toolset imports add up to more than ${limit / 1024 / 1024} MB (the limit per toolset entry), at ${path.basename(file)} (${st.size} bytes)`;
  return undefined;
}

/** Inside the skill folder, or inside a node_modules folder of it or of an ancestor. */
function allowedPlace(root: string, p: string): boolean {
  if (inside(root, p)) return true;
  if (SYSTEM.test(p)) return false;
  // Any node_modules on the path counts (npm nests packages: a/node_modules/b/node_modules/c).
  const parts = p.split(path.sep);
  return parts.some((part, i) => part === "node_modules" && inside(parts.slice(0, i).join(path.sep) || path.sep, root)) && inPackage(parts);
}

/**
 * Inside a package's folder: the last node_modules is followed by the package's name (or
 * `@scope/name`), not by a tool's dot-folder: `node_modules/.cache`, `.vite` and the like hold what
 * tools wrote (a build's cache, a clone with its credentials), no package, and a toolset that
 * embedded such a file could print it in the build's log. pnpm's `.pnpm/<id>/node_modules/<name>`
 * (and Bun's and Deno's) end in a name.
 */
function inPackage(parts: string[]): boolean {
  const i = parts.lastIndexOf("node_modules");
  const name = parts[i + 1];
  if (!name || name.startsWith(".")) return false;
  return !name.startsWith("@") || (parts[i + 2] !== undefined && !parts[i + 2]!.startsWith("."));
}

function inside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/**
 * `<d>/node_modules/<spec>` for d from `dir` up to the root: where esbuild looks for a package (and,
 * on the way, the package.json files of the package and of its subpath folders).
 */
function packageDirs(dir: string, spec: string): string[] {
  const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
  if (name === "" || name === "." || name === ".." || name.includes("\\")) return [];
  const out: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    out.push(path.join(d, "node_modules", ...spec.split("/")));
    if (path.dirname(d) === d) return out;
  }
}

/** The first path component under the skill folder that is a symlink leading out of it, shown relative. */
function linkOut(root: string, target: string): string | undefined {
  if (!inside(root, target)) return undefined;
  const parts = path.relative(root, target).split(path.sep).filter(Boolean);
  let p = root;
  for (const part of parts) {
    p = path.join(p, part);
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return undefined;
    }
    if (!st.isSymbolicLink()) continue;
    let real: string | undefined;
    try {
      real = fs.realpathSync(p);
    } catch {
      real = undefined;
    }
    if (real === undefined || !inside(root, real)) return `"${toPosix(path.relative(root, p))}"`;
  }
  return undefined;
}

/** A problem with `<d>/package.json` or any package.json above it, or undefined (`seen`: per entry). */
function packageJsonProblem(start: string, checkedPackageJson: Map<string, string | undefined>): string | undefined {
  for (let d = start; ; d = path.dirname(d)) {
    const file = path.join(d, "package.json");
    let bad = checkedPackageJson.get(file);
    if (!checkedPackageJson.has(file)) {
      bad = onePackageJson(file);
      checkedPackageJson.set(file, bad);
    }
    if (bad) return bad;
    if (path.dirname(d) === d) return undefined;
  }
}

function onePackageJson(file: string): string | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return undefined;
  }
  if (st.isDirectory()) return undefined;
  if (!st.isFile()) return `${file}, which is ${kindOf(st)}`;
  if (st.size > PACKAGE_JSON_MAX) return `${file}, which is over ${PACKAGE_JSON_MAX / 1024 / 1024} MB`;
  return undefined;
}

function fileKind(p: string): string {
  try {
    const st = fs.statSync(p);
    return st.isFile() ? "file" : kindOf(st);
  } catch {
    return "unreadable";
  }
}

function kindOf(st: fs.Stats): string {
  return st.isDirectory() ? "a directory" : st.isFIFO() ? "a FIFO" : st.isSocket() ? "a socket" : st.isCharacterDevice() || st.isBlockDevice() ? "a device" : "not a regular file";
}
