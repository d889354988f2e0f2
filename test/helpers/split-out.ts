// A split build's outDir as the tamper tests read it (test/e2e/split-tamper*.test.ts): its files'
// bytes, its chunks by kind, and each chunk's inode and mtime (what tells a rewrite).
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { skillMd, tempProject } from "./project.js";

/** A split project of `n` skills, each with a reference file, and mcp.js (its shards are chunks too). */
export function splitProject(n: number): string {
  const tree: Record<string, string> = { "skillc.config.json": JSON.stringify({ output: "split", mcp: true }) };
  for (let i = 0; i < n; i++) {
    tree[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`, "", `Skill ${i}.\n`);
    tree[`skills/s${i}/references/r.md`] = `reference ${i}\n`;
  }
  return tempProject(tree);
}

/** Every file under `dir` (relative posix name → bytes). */
export function snapshot(dir: string, at = ""): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(path.join(dir, at), { withFileTypes: true })) {
    const name = at ? `${at}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of snapshot(dir, name)) out.set(k, v);
    else out.set(name, readFileSync(path.join(dir, name)));
  }
  return out;
}

export function expectSame(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [name, bytes] of expected) expect(actual.get(name)!.equals(bytes), name).toBe(true);
}

/** The chunks of one kind: payloads (`export default {`), metadata shards (`export const m=`), mcp.js's shards, manifest shards (.json). */
export function chunksOf(out: string): { payloads: string[]; shards: string[]; json: string[]; mcp: string[] } {
  const dir = path.join(out, "chunks");
  const names = readdirSync(dir).sort();
  const head = (n: string) => readFileSync(path.join(dir, n), "utf8").slice(0, 20);
  return {
    payloads: names.filter((n) => n.endsWith(".js") && head(n).startsWith("export default {")),
    shards: names.filter((n) => n.endsWith(".js") && head(n).startsWith("export const m=")),
    json: names.filter((n) => n.endsWith(".json")),
    mcp: names.filter((n) => n.endsWith(".js") && head(n).startsWith("export default [")),
  };
}

/** Each chunk's inode and mtime: a chunk rewritten gets a new inode (staged, then renamed in). */
export function chunkFiles(out: string): Map<string, string> {
  const dir = path.join(out, "chunks");
  return new Map(readdirSync(dir).map((n) => [n, `${statSync(path.join(dir, n)).ino}:${statSync(path.join(dir, n)).mtimeMs}`]));
}

/** The chunks record files in the project's cache folder. */
export const recordOf = (root: string): string[] =>
  readdirSync(path.join(root, "node_modules/.cache/skillc")).filter((n) => /^chunks-v1-[0-9a-f]{12}\.txt$/.test(n));
