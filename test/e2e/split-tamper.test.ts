// A split rebuild keeps a chunk already in outDir only while it is still the file a build wrote
// (emit/chunk-prints.ts): one edited, truncated, replaced or removed in outDir after it was written
// is written again, so outDir ends as a cold build leaves it, byte for byte. Real CLI, temp projects.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runCli } from "../helpers/cli.js";
import { skillMd, tempProject } from "../helpers/project.js";

const N = 10;

function project(): string {
  const tree: Record<string, string> = { "skillc.config.json": JSON.stringify({ output: "split", mcp: true }) };
  for (let i = 0; i < N; i++) {
    tree[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`, "", `Skill ${i}.\n`);
    tree[`skills/s${i}/references/r.md`] = `reference ${i}\n`;
  }
  return tempProject(tree);
}

/** Where the check runs: SKILLC_CHUNK_CHECK=thread, on a thread of its own (as for a large outDir); a small one's is on the main thread. */
let env: Record<string, string> = {};
// A failed test must not leave the next one checking where it did not ask to.
afterEach(() => {
  env = {};
});

async function build(root: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const r = await runCli(["build", ...args], { cwd: root, env });
  expect(r.code, r.stderr).toBe(0);
  return r;
}

/** Every file under `dir` (relative posix name → bytes). */
function snapshot(dir: string, at = ""): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(path.join(dir, at), { withFileTypes: true })) {
    const name = at ? `${at}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of snapshot(dir, name)) out.set(k, v);
    else out.set(name, readFileSync(path.join(dir, name)));
  }
  return out;
}

function expectSame(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [name, bytes] of expected) expect(actual.get(name)!.equals(bytes), name).toBe(true);
}

/** The chunks of one kind: payloads (`export default {`), metadata shards (`export const m=`), mcp.js's shards, manifest shards (.json). */
function chunksOf(out: string): { payloads: string[]; shards: string[]; json: string[]; mcp: string[] } {
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
function chunkFiles(out: string): Map<string, string> {
  const dir = path.join(out, "chunks");
  return new Map(readdirSync(dir).map((n) => [n, `${statSync(path.join(dir, n)).ino}:${statSync(path.join(dir, n)).mtimeMs}`]));
}

const recordOf = (root: string) => readdirSync(path.join(root, "node_modules/.cache/skillc")).filter((n) => /^chunks-v1-[0-9a-f]{12}\.txt$/.test(n));

describe("a split rebuild checks the chunks it keeps", () => {
  it.each(["thread", "main thread"])("rewrites a chunk edited, truncated or removed in outDir: outDir equals the cold build's (checked on the %s)", async (where) => {
    env = where === "thread" ? { SKILLC_CHUNK_CHECK: "thread" } : {};
    const root = project();
    const out = path.join(root, ".skillc");
    const cold = await build(root);
    const expected = snapshot(out);
    expect(recordOf(root)).toHaveLength(1);
    const c = chunksOf(out);
    expect(c.payloads.length).toBe(N);
    expect(c.shards.length).toBeGreaterThanOrEqual(1);
    expect(c.mcp.length).toBeGreaterThanOrEqual(1);
    const dir = path.join(out, "chunks");
    // Other bytes, another length.
    writeFileSync(path.join(dir, c.payloads[0]!), "export default {broken:true};\n");
    // Other bytes of the same length, its mtime set back to what it was (ctime and size alone differ... and only ctime here).
    const same = path.join(dir, c.payloads[1]!);
    const st = statSync(same);
    const bytes = readFileSync(same);
    bytes[bytes.length - 2] ^= 1;
    writeFileSync(same, bytes);
    utimesSync(same, st.atime, st.mtime);
    truncateSync(path.join(dir, c.shards[0]!), 10);
    rmSync(path.join(dir, c.json[0]!));
    // mcp.js's data shard, replaced by another file of the same name.
    rmSync(path.join(dir, c.mcp[0]!));
    writeFileSync(path.join(dir, c.mcp[0]!), "export default [];\n");
    const warm = await build(root);
    expectSame(snapshot(out), expected);
    // Nothing alarming: the build says what a rebuild with nothing tampered says.
    const said = (r: { stdout: string; stderr: string }) => (r.stdout + r.stderr).replace(/ in [\d.]+ m?s\b/g, "");
    expect(said(warm)).toBe(said(cold));
    expect(said(warm)).toMatch(/^built 10 skills into \.skillc\/ \(index\.js [\d.]+ KB \+ 10 chunks\); 0 warnings, 0 errors\n$/);
    env = {};
  });

  it.each(["thread", "main thread"])("rewrites no chunk (and no record) when nothing in outDir changed (checked on the %s)", async (where) => {
    // On the thread: a check that failed there would trust no chunk, and every one would be rewritten.
    env = where === "thread" ? { SKILLC_CHUNK_CHECK: "thread" } : {};
    const root = project();
    const out = path.join(root, ".skillc");
    await build(root, "--quiet");
    const record = path.join(root, "node_modules/.cache/skillc", recordOf(root)[0]!);
    const before = chunkFiles(out);
    const recordBefore = statSync(record).mtimeMs;
    await build(root, "--quiet");
    expect(chunkFiles(out)).toEqual(before);
    expect(statSync(record).mtimeMs).toBe(recordBefore);
    env = {};
  });

  it("checks them without the caches too (--no-cache), against the record", async () => {
    const root = project();
    const out = path.join(root, ".skillc");
    await build(root, "--quiet");
    const expected = snapshot(out);
    const c = chunksOf(out);
    const before = chunkFiles(out);
    truncateSync(path.join(out, "chunks", c.payloads[2]!), 5);
    await build(root, "--quiet", "--no-cache");
    expectSame(snapshot(out), expected);
    const after = chunkFiles(out);
    // Only the damaged chunk was written again.
    expect([...after].filter(([n, f]) => before.get(n) !== f).map(([n]) => n)).toEqual([c.payloads[2]]);
  });

  it("without a record (first build after an upgrade, or an edited one) keeps chunks by name once, then records them", async () => {
    const root = project();
    const out = path.join(root, ".skillc");
    await build(root, "--quiet");
    const record = path.join(root, "node_modules/.cache/skillc", recordOf(root)[0]!);
    writeFileSync(record, readFileSync(record, "utf8").replace(/:/, ";"));
    const before = chunkFiles(out);
    await build(root, "--quiet");
    expect(chunkFiles(out)).toEqual(before);
    // Recorded again: a chunk damaged from now on is caught.
    const expected = snapshot(out);
    truncateSync(path.join(out, "chunks", chunksOf(out).payloads[0]!), 3);
    await build(root, "--quiet");
    expectSame(snapshot(out), expected);
  });
});
