// Writing one exported skill folder. Names and paths come from skill folders, which are untrusted:
// the folder must be one plain segment under --out and every file must stay inside it (checked on
// the resolved paths, and each source file's real path must stay inside its skill folder), so no
// name or link can write or read outside. The folder is replaced as a whole, so exporting twice
// gives the same bytes and a file removed from the source is gone from the export.
import { copyFile, mkdir, realpath, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Document, isScalar, visit } from "yaml";
import { HIDDEN_RUN } from "../util/hidden-chars.js";
import type { ValidSkill } from "../types.js";
import type { ExportPlan } from "./plan.js";

export interface ExportFolder {
  abs: string;
  /** posix, relative to cwd. */
  rel: string;
}

/** One path segment: no separator, not `.` or `..`, no NUL. */
const SEGMENT = /^(?!\.{1,2}$)[^/\\\0]+$/;

/** `<out>/<name>`, or undefined when `name` cannot be one folder inside `out`. */
export function folderIn(cwd: string, out: string, name: string): ExportFolder | undefined {
  if (!SEGMENT.test(name) || name.length > 255) return undefined;
  const root = path.resolve(cwd, out);
  const abs = path.resolve(root, name);
  if (path.dirname(abs) !== root) return undefined;
  return { abs, rel: path.relative(cwd, abs).split(path.sep).join("/") };
}

/**
 * A key left plain: a word every YAML parser reads as that string. yaml's emitter leaves plain any
 * key that YAML 1.2 reads as a string, but clients parse YAML 1.1 too (PyYAML in OpenAI's
 * validator, js-yaml): there `<<` merges (a string after it fails the whole file), `=` has a tag
 * no safe loader constructs, `yes`/`on`/`n` are booleans (and collide with `true`) and
 * `2001-01-01` is a date. Any other key (a `metadata` key is the skill's to choose) is quoted.
 */
const PLAIN_KEY = /^(?!(?:y|yes|n|no|true|false|on|off|null)$)[A-Za-z_][A-Za-z0-9_-]*$/i;

/**
 * YAML whose every string is double-quoted: no value can be read as another type, a key or a comment,
 * and every key but a plain word (PLAIN_KEY) is double-quoted too. Hidden characters (bidi
 * controls, zero-width and tag characters, NEL, line separators: what util/hidden-chars.ts lists)
 * are written as `\u` escapes, as the source often had them: yaml's emitter escapes only some
 * control characters, and an exported SKILL.md that holds a raw U+202E reads differently to its
 * reviewer than to the model. A key holding one is not a plain word, so every escape sits inside
 * quotes; the YAML still parses to the same strings.
 */
export function safeYaml(value: Record<string, unknown>): string {
  const doc = new Document(value);
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && typeof pair.key.value === "string" && !PLAIN_KEY.test(pair.key.value)) pair.key.type = "QUOTE_DOUBLE";
    },
  });
  const text = doc.toString({ defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0 });
  return text.replace(HIDDEN_RUN, (run) => Array.from(run, yamlEscape).join(""));
}

/** One character as a YAML double-quoted escape: `\uXXXX`, or `\UXXXXXXXX` past the BMP. */
function yamlEscape(ch: string): string {
  const cp = ch.codePointAt(0)!;
  return cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, "0")}` : `\\U${cp.toString(16).padStart(8, "0")}`;
}

export async function writeSkill(folder: ExportFolder, srcDir: string, skill: ValidSkill, files: readonly string[], plan: ExportPlan): Promise<void> {
  await rm(folder.abs, { recursive: true, force: true });
  await mkdir(folder.abs, { recursive: true });
  const body = skill.text.slice(skill.bodyOffset);
  await writeFile(path.join(folder.abs, "SKILL.md"), `---\n${safeYaml(plan.frontmatter)}---\n${body}`);
  const real = await realpath(srcDir);
  for (const rel of [...files].sort()) {
    const from = await inside(real, rel, true);
    const to = await inside(folder.abs, rel, false);
    if (!from || !to) continue;
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(from, to);
  }
  if (plan.sidecar) {
    await mkdir(path.join(folder.abs, "agents"), { recursive: true });
    await writeFile(path.join(folder.abs, "agents", "openai.yaml"), safeYaml(plan.sidecar));
  }
}

/** `root/rel` when every segment of `rel` is plain and (for a source, after links) it stays under `root`. */
async function inside(root: string, rel: string, follow: boolean): Promise<string | undefined> {
  if (!rel.split("/").every((s) => SEGMENT.test(s))) return undefined;
  const abs = path.resolve(root, ...rel.split("/"));
  if (!abs.startsWith(root + path.sep)) return undefined;
  if (!follow) return abs;
  const real = await realpath(abs).catch(() => undefined);
  return real && real.startsWith(root + path.sep) ? real : undefined;
}
