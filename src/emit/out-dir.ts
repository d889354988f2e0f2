// Where a build may write: checked before anything is written, with a usage error (exit 2) that
// says why. outDir receives index.js, package.json and more, replacing whatever has those names, so
// it must be a folder of its own: not the filesystem root, not the project (its package.json), not
// a folder skills are read from, and nothing that holds either.
import { existsSync, lstatSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../diagnostics/usage-error.js";
import { isInside, relPosix, toPosix } from "../util/paths.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { linkedOutOf, realPathOf as real } from "../util/linked-out.js";

export interface OutDirCheck {
  /** The project root (the config's folder). */
  root: string;
  /** The output folder, absolute. */
  outDir: string;
  /** The source roots the build reads, absolute. */
  sources: string[];
  /** Shown in messages: paths relative to this. */
  cwd: string;
}

/** Throws a UsageError when the build must not write into `outDir`. */
export function checkOutDir(c: OutDirCheck): void {
  const out = real(c.outDir);
  const root = real(c.root);
  const shown = show(c.cwd, c.outDir);
  const refuse = (why: string, fix = "choose a folder of its own, e.g. --out .skillc") =>
    new UsageError(`refusing to write the build into ${shown}: ${why}; ${fix}.`);
  if (path.parse(out).root === out) throw refuse("it is the filesystem root");
  if (existsSync(out) && !statSync(out).isDirectory()) throw refuse("it is a file, not a folder", "remove it or choose another folder");
  if (out === root) throw refuse("it is the project folder, whose package.json and files the build would overwrite");
  if (isInside(out, root)) throw refuse("it holds the project folder");
  // A folder of the project that a link on the way takes out of it (a checkout can commit `.skillc`
  // or `.claude` as one): the checkout, not the user, would choose where the files go.
  if (linkedOutOf(c.root, c.outDir) !== undefined) {
    throw refuse(`a symbolic link on the way leads out of the project, to ${escapeTerminal(toPosix(out))}`, "replace the link with a folder, or name the folder outside the project itself");
  }
  for (const source of c.sources) {
    const src = real(source);
    if (out === src) throw refuse(`it is the source root ${show(c.cwd, source)}, where skills are read from`);
    if (isInside(out, src)) throw refuse(`it holds the source root ${show(c.cwd, source)}`);
    if (isInside(src, out) && !skippedByDiscovery(src, out)) throw refuse(`it is inside the source root ${show(c.cwd, source)}, where skills are read from`);
  }
  const skill = skillAround(out, root);
  if (skill) throw refuse(`it is inside the skill folder ${show(c.cwd, skill)}`);
  foreignPackageJson(out, refuse);
}

/** A folder below a source root that discovery never enters (hidden or node_modules, like .skillc). */
function skippedByDiscovery(src: string, out: string): boolean {
  if (src === out) return false;
  const first = path.relative(src, out).split(path.sep)[0]!;
  return first.startsWith(".") || first === "node_modules";
}

/** The nearest folder from `out` upwards (stopping at the project root) that holds a SKILL.md. */
function skillAround(out: string, root: string): string | undefined {
  for (let dir = out; isInside(root, dir) && dir !== root; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "SKILL.md"))) return dir;
  }
  return undefined;
}

/** outDir's package.json is skillc's own ({ type, types }); any other (a package's) is never replaced. */
function foreignPackageJson(out: string, refuse: (why: string, fix?: string) => Error): void {
  const file = path.join(out, "package.json");
  let text: string;
  try {
    if (!lstatSync(file).isFile()) throw refuse("its package.json is not a regular file");
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  let keys: string[] = [];
  try {
    const json = JSON.parse(text) as unknown;
    keys = json && typeof json === "object" && !Array.isArray(json) ? Object.keys(json) : ["(not an object)"];
  } catch {
    keys = ["(not JSON)"];
  }
  const foreign = keys.filter((k) => k !== "type" && k !== "types");
  if (foreign.length > 0) throw refuse(`it holds a package.json that skillc did not write (with ${foreign.slice(0, 3).join(", ")})`);
}

function show(cwd: string, p: string): string {
  const rel = relPosix(cwd, p);
  // Two or more levels up reads better as the absolute path ("/" rather than "../..").
  return /^\.\.\/\.\.(?:\/|$)/.test(rel) || path.isAbsolute(rel) ? toPosix(p) : rel;
}
