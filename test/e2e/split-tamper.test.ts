// A split rebuild keeps a chunk already in outDir only while it is still the file a build wrote
// (emit/chunk-prints.ts): one edited, truncated, replaced or removed in outDir after it was written
// is written again, so outDir ends as a cold build leaves it, byte for byte. Real CLI, temp projects.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runCli } from "../helpers/cli.js";
import { chunkFiles, chunksOf, expectSame, recordOf, snapshot, splitProject, tamperChunks } from "../helpers/split-out.js";

const N = 10;
const project = () => splitProject(N);

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
    tamperChunks(out, { json: "remove" });
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

  it("without a record (first build after an upgrade, or an edited one) keeps the intact chunks (hashed once), then records them", async () => {
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
