// Writing the published folder: all of it or nothing. The new tree is written beside the old one
// and swapped in by two renames, so a failure at any point leaves the previous output as it was.
// The folder must be one skillc made (it holds MARKER), an empty one, or a new one, and it passes
// the build's own refusals (emit/out-dir.ts): never the project, a source root or a skill folder.
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../diagnostics/usage-error.js";
import { checkOutDir, type OutDirCheck } from "../emit/out-dir.js";
import { toPosix } from "../util/paths.js";
import { replaceFolder } from "../util/replace-folder.js";

/** The file that marks a folder as skillc's publish output (and so safe to replace whole). */
export const MARKER = ".skillc-publish";
const MARKER_TEXT = "Written by `skillc publish`. The whole folder is replaced on each publish: do not keep other files here.\n";

/** Throws a UsageError when `c.outDir` may not receive (and be replaced by) the published folder. */
export function checkPublishDir(c: OutDirCheck): void {
  checkOutDir(c);
  const out = path.resolve(c.outDir);
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new UsageError(`refusing to publish into ${toPosix(c.outDir)}: it is a file, not a folder.`);
  const names = readdirSync(out);
  if (names.length > 0 && !names.includes(MARKER)) {
    throw new UsageError(
      `refusing to publish into ${toPosix(path.relative(c.cwd, out) || ".")}: it holds files skillc did not publish (${names.sort().slice(0, 3).join(", ")}), and publishing replaces the whole folder; choose a new or empty folder, e.g. --out public-skills.`,
    );
  }
}

/** Replaces `outDir` with exactly `files` (posix paths) and the marker. */
export async function writePublished(outDir: string, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
  const out = path.resolve(outDir);
  await mkdir(path.dirname(out), { recursive: true });
  await replaceFolder(out, "publish", async (fresh) => {
    await mkdir(fresh);
    await writeFile(path.join(fresh, MARKER), MARKER_TEXT);
    for (const [rel, bytes] of files) {
      const target = path.join(fresh, ...rel.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
  });
}
