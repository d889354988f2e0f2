// The one temporary-project helper: a throw-away folder holding a tree of files, removed when the
// test file ends. `tempProject({ "skills/a/SKILL.md": skillMd("a") })` returns the folder.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** File contents by path (posix, relative); `{ symlink: target }` makes a link, `{ text, mode }` sets the mode. */
export type Tree = Record<string, string | Uint8Array | { symlink: string } | { text: string | Uint8Array; mode: number }>;

const made: string[] = [];
// Registered once per test file (vitest evaluates this module per file): every folder made there
// goes when the file's tests end, whether they passed or not.
afterAll(() => {
  for (const dir of made.splice(0)) {
    chmodTree(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Writes `tree` under `root`, making the folders on the way. */
export function writeTree(root: string, tree: Tree): void {
  for (const [rel, v] of Object.entries(tree)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    if (typeof v === "string" || v instanceof Uint8Array) writeFileSync(file, v);
    else if ("symlink" in v) symlinkSync(v.symlink, file);
    else {
      writeFileSync(file, v.text);
      chmodSync(file, v.mode);
    }
  }
}

/** A new folder under the OS temp folder holding `tree`; removed after the test file. */
export function tempProject(tree: Tree = {}, prefix = "skillc-test-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  writeTree(dir, tree);
  return dir;
}

/** A SKILL.md with a valid name and description, extra frontmatter lines and a body. */
export function skillMd(name: string, extra = "", body = `# ${name}\n\nDo the ${name} thing.\n`): string {
  return `---\nname: ${name}\ndescription: Does ${name} things. Use it when ${name} is asked for.\n${extra}---\n\n${body}`;
}

// A test may chmod a folder to 000 (read-error cases): give the owner access back so rm can go in.
function chmodTree(dir: string): void {
  try {
    chmodSync(dir, 0o700);
  } catch {
    // already gone
  }
}

/** The text files of `outDir` under `root` by relative path, sorted, `chunks/` left out (content-addressed). */
export async function readOutDir(root: string, outDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(path.join(root, outDir), { recursive: true })).sort()) {
    if (name === "chunks") continue;
    files[name] = await readFile(path.join(root, outDir, name), "utf8");
  }
  return files;
}

