// A split build's outDir as the tamper tests read it (test/e2e/split-tamper*.test.ts): its files'
// bytes, its chunks by kind, and each chunk's inode and mtime (what tells a rewrite).
import { readFileSync, readdirSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
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

/**
 * Tampers with one chunk of each kind in ways a name alone cannot tell: a payload with other bytes,
 * a payload of the same length with its mtime set back, a truncated metadata shard, a manifest
 * shard removed (`json: "remove"`) or emptied, mcp.js's data shard replaced by another file of the
 * same name; and `extra` files under chunk names whose bytes are not their names'.
 */
export function tamperChunks(out: string, opts: { json: "remove" | "empty"; extra?: number }): void {
  const dir = path.join(out, "chunks");
  const c = chunksOf(out);
  writeFileSync(path.join(dir, c.payloads[0]!), "export default {broken:true};\n");
  const same = path.join(dir, c.payloads[1]!);
  const st = statSync(same);
  const bytes = readFileSync(same);
  bytes[bytes.length - 2] ^= 1;
  writeFileSync(same, bytes);
  utimesSync(same, st.atime, st.mtime);
  truncateSync(path.join(dir, c.shards[0]!), 10);
  if (opts.json === "remove") rmSync(path.join(dir, c.json[0]!));
  else truncateSync(path.join(dir, c.json[0]!), 0);
  rmSync(path.join(dir, c.mcp[0]!));
  writeFileSync(path.join(dir, c.mcp[0]!), "export default [];\n");
  for (let i = 0; i < (opts.extra ?? 0); i++) writeFileSync(path.join(dir, `${i.toString(16).padStart(64, "0")}.js`), `export default ${i};\n`);
}
