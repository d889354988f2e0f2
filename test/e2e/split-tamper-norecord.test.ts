// A split rebuild with no chunks record to go by (emit/chunk-prints.ts): the record deleted (as
// `npm ci` deletes node_modules/.cache), or no cache key at all (no writable home: nothing is
// signed, so no record is ever read). Each chunk in outDir is then read and kept only if its bytes
// hash to its name: one edited, truncated or replaced is written again, and outDir ends as a cold
// build leaves it, byte for byte. Real CLI, temp projects; the check on its thread and on the main one.
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runCli } from "../helpers/cli.js";
import { chunkFiles, expectSame, snapshot, splitProject, tamperChunks } from "../helpers/split-out.js";

const N = 10;
/** Where the check runs (SKILLC_CHUNK_CHECK): forced either way, as 10 skills' chunks would be checked on the main thread. */
const PLACES = [["its own thread", "thread"], ["the main thread", "main"]];

let env: Record<string, string> = {};
afterEach(() => {
  env = {};
});

async function build(root: string, ...args: string[]): Promise<string> {
  const r = await runCli(["build", ...args], { cwd: root, env });
  expect(r.code, r.stderr).toBe(0);
  // What it says, without its timing.
  return (r.stdout + r.stderr).replace(/ in [\d.]+ m?s\b/g, "");
}

const cacheDir = (root: string) => path.join(root, "node_modules/.cache/skillc");
const records = (root: string) => (existsSync(cacheDir(root)) ? readdirSync(cacheDir(root)).filter((n) => n.startsWith("chunks-v1-")) : []);

/** A project whose builds have no record: `removed` deletes it after each build; `no key` points the key's home at a file. */
function setup(how: string, where: string): { root: string; forget: () => void } {
  const root = splitProject(N);
  const home = path.join(root, "not-a-folder");
  writeFileSync(home, "a file where the cache key's folder would be\n");
  env = { SKILLC_CHUNK_CHECK: where, ...(how === "no key" && { HOME: home, XDG_CACHE_HOME: home }) };
  const forget = () => {
    for (const n of records(root)) rmSync(path.join(cacheDir(root), n));
  };
  return { root, forget };
}

describe.each(["removed", "no key"])("a split rebuild with no chunks record (%s)", (how) => {
  it.each(PLACES)("rewrites each chunk whose bytes are not its name's: outDir equals the cold build's (checked on %s)", async (_, where) => {
    const { root, forget } = setup(how, where);
    const out = path.join(root, ".skillc");
    const cold = await build(root);
    const expected = snapshot(out);
    expect(records(root)).toHaveLength(how === "no key" ? 0 : 1);
    forget();
    tamperChunks(out, { json: "empty" });
    const warm = await build(root);
    expectSame(snapshot(out), expected);
    // Nothing alarming: it says what a cold build says.
    expect(warm).toBe(cold);
    expect(warm).toMatch(/^built 10 skills into \.skillc\/ \(index\.js [\d.]+ KB \+ 10 chunks\); 0 warnings, 0 errors\n$/);
  });

  it.each(PLACES)("rewrites no chunk when nothing in outDir changed (checked on %s)", async (_, where) => {
    const { root, forget } = setup(how, where);
    const out = path.join(root, ".skillc");
    await build(root, "--quiet");
    forget();
    const before = chunkFiles(out);
    await build(root, "--quiet");
    expect(chunkFiles(out)).toEqual(before);
    // Recorded again where a record can be kept: the next build goes by it.
    expect(records(root)).toHaveLength(how === "no key" ? 0 : 1);
  });
});

it("with over a thousand names in chunks/ and no record (checked on the thread unasked), keeps only the intact chunks", async () => {
  const { root, forget } = setup("removed", "");
  env = {};
  const out = path.join(root, ".skillc");
  await build(root, "--quiet");
  const expected = snapshot(out);
  forget();
  // 1,001 files under chunk names whose bytes are not their names' (the sweep removes them all).
  tamperChunks(out, { json: "empty", extra: 1001 });
  await build(root, "--quiet", "--no-cache");
  expectSame(snapshot(out), expected);
});
