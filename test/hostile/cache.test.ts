// The caches are never trusted: a cache file edited or planted by anyone but this user's own runs is
// ignored (it is signed with a per-user key kept outside the project), and even a signed file of the
// wrong shape is a miss, never a crash. In CI the cache is off unless asked for. Real CLI processes,
// with HOME in a temporary folder so the key is the test's own.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { cacheKey, readCacheFile, writeCacheFile } from "../../src/cache/signed-file.js";
import { buildCacheFile } from "../../src/cache/build-cache.js";
import { analysisDir, readAnalysisCache, writeAnalysisCache, writeAnalysisRaw } from "../helpers/analysis-cache.js";
import { cleanupTmp, ensureCli, skillMd, tmp, writeTree } from "./helpers.js";

afterAll(() => cleanupTmp());
beforeAll(() => ensureCli(), 120_000);

const buildFile = (root: string) => buildCacheFile(root, ".skillc");
const names = (root: string) => (JSON.parse(readFileSync(path.join(root, ".skillc/manifest.json"), "utf8")) as { skills: Array<{ name: string }> }).skills.map((s) => s.name);

type Entries = Record<string, { key: string; value: Record<string, unknown> & { fields: Record<string, unknown>; diagnostics: unknown[] } }>;

async function project(): Promise<{ root: string; env: Record<string, string>; key: Buffer; clean: string }> {
  const root = tmp("skillc-cache-");
  const home = tmp("skillc-home-");
  writeTree(root, { "skills/alpha/SKILL.md": skillMd("alpha", "Does alpha things.", "Use $ARGUMENTS.", "arguments: [file]\n"), "skills/beta/SKILL.md": skillMd("beta") });
  const env = { HOME: home };
  const first = await runCli(["build", "--cache"], { cwd: root, env });
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(existsSync(analysisDir(root))).toBe(true);
  const key = cacheKey({ HOME: home })!;
  expect(key).toBeDefined();
  return { root, env, key, clean: readFileSync(path.join(root, ".skillc/index.js"), "utf8") };
}

/** A build with the cache on must succeed and give the same outputs as without it. */
async function expectClean(p: Awaited<ReturnType<typeof project>>): Promise<void> {
  const r = await runCli(["build", "--cache"], { cwd: p.root, env: p.env });
  expect(r.stderr).not.toContain("internal error");
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(names(p.root)).toEqual(["alpha", "beta"]);
  expect(readFileSync(path.join(p.root, ".skillc/index.js"), "utf8")).toBe(p.clean);
  const lint = await runCli(["lint", "--cache"], { cwd: p.root, env: p.env });
  expect(lint.stderr).not.toContain("internal error");
  expect(lint.code, lint.stdout + lint.stderr).toBe(0);
}

describe("a tampered analysis cache", () => {
  let p: Awaited<ReturnType<typeof project>>;
  let entries: Entries;
  beforeAll(async () => {
    p = await project();
    entries = ((await readAnalysisCache(p.root, p.key)) as { entries: Entries }).entries;
  }, 60_000);

  const tampered = (edit: (e: Entries["x"]) => void): Entries => {
    const copy = structuredClone(entries);
    for (const e of Object.values(copy)) edit(e);
    return copy;
  };
  const write = (raw: string) => writeAnalysisRaw(p.root, raw);

  it("unsigned, with a well-typed forged name: ignored, the manifest keeps the real names", async () => {
    const data = ((await readAnalysisCache(p.root, p.key)) as { key: string });
    write(JSON.stringify({ ...data, entries: tampered((e) => (e.value.fields.name = "pwned")) }));
    await expectClean(p);
  }, 60_000);

  it("signed with another key (a cache from another machine): ignored", async () => {
    const data = (await readAnalysisCache(p.root, p.key)) as { key: string };
    await writeAnalysisCache(p.root, Buffer.alloc(32, 7), { ...data, entries: tampered((e) => (e.value.fields.name = "pwned")) });
    await expectClean(p);
  }, 60_000);

  it.each([
    ["not JSON", "{{{"],
    ["an array", "[]"],
    ["null", "null"],
    ["a huge number", "1e999"],
  ])("unsigned %s: ignored", async (_label, raw) => {
    write(raw);
    await expectClean(p);
  }, 60_000);

  // Signed with this user's key, so only the shape check stands between these and a crash.
  const edits: Array<[string, (e: Entries["x"]) => void]> = [
    ["name not a string", (e) => (e.value.fields.name = 42)],
    ["name an object", (e) => (e.value.fields.name = { normalize: 1 })],
    ["arguments of the wrong shape", (e) => (e.value.fields.arguments = [1, [2], null])],
    ["diagnostics not a list", (e) => (e.value.diagnostics = "x" as unknown as unknown[])],
    ["a diagnostic with an unknown rule and a negative line", (e) => (e.value.diagnostics = [{ file: "x", line: -1, column: 1, ruleId: "nope", severity: "error", message: "m" }])],
    ["bodyOffset huge", (e) => (e.value.bodyOffset = 1e300)],
    ["positions null", (e) => (e.value.positions = null)],
    ["fields a list", (e) => (e.value.fields = [] as unknown as Record<string, unknown>)],
    ["value missing", (e) => delete (e as Partial<typeof e>).value],
    ["triggers of the wrong shape", (e) => (e.value.fields.triggers = { patterns: "x" })],
  ];
  it.each(edits)("signed, %s: a miss, never a crash", async (_label, edit) => {
    const data = (await readAnalysisCache(p.root, p.key)) as { key: string };
    await writeAnalysisCache(p.root, p.key, { ...data, entries: tampered(edit) });
    await expectClean(p);
  }, 60_000);

  it("signed, any JSON value in place of a field (property): a miss, never a crash", async () => {
    const data = (await readAnalysisCache(p.root, p.key)) as { key: string };
    const fields = ["name", "description", "arguments", "toolsets", "metadata", "triggers", "disableModelInvocation"];
    const tops = ["frontmatter", "positions", "frontmatterRange", "bodyOffset", "bodyStart", "diagnostics"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields.map((f) => ["fields", f]), ...tops.map((t) => [t])), fc.jsonValue({ maxDepth: 2 }), async (where, value) => {
        await writeAnalysisCache(p.root, p.key, {
          ...data,
          entries: tampered((e) => {
            if (where.length === 2) e.value.fields[where[1]!] = value;
            else (e.value as Record<string, unknown>)[where[0]!] = value;
          }),
        });
        const r = await runCli(["lint", "--cache", "--format", "json"], { cwd: p.root, env: p.env });
        expect(r.stderr).not.toContain("internal error");
        expect(r.code, r.stderr).toBe(0);
      }),
      { numRuns: 12, seed: 13 },
    );
    await expectClean(p);
  }, 120_000);
});

describe("a tampered build cache", () => {
  it.each([
    ["unsigned entries with forged files", (d: Record<string, unknown>) => JSON.stringify({ ...d, entries: Object.fromEntries(Object.keys(d.entries as object).map((k) => [k, { fp: "x", hash: "y", files: "z" }])) }), false],
    ["signed entries of the wrong shape", (d: Record<string, unknown>) => ({ ...d, entries: Object.fromEntries(Object.keys(d.entries as object).map((k) => [k, { fp: 1, files: [{ path: 2 }], line: { offset: -5 } }])), outputs: { catalogs: { key: 3, files: null } } }), true],
  ] as const)("%s: ignored, same outputs", async (_label, edit, signed) => {
    const p = await project();
    await runCli(["build", "--cache"], { cwd: p.root, env: p.env }); // the second build records lines
    const data = (await readCacheFile(buildFile(p.root), p.key)) as Record<string, unknown>;
    expect(data).toBeDefined();
    const next = edit(data);
    if (signed) await writeCacheFile(buildFile(p.root), p.key, next);
    else writeFileSync(buildFile(p.root), next as string);
    await expectClean(p);
  }, 60_000);
});

describe("in CI the cache is off unless asked for", () => {
  let root = "";
  let home = "";
  beforeAll(() => {
    root = tmp("skillc-ci-");
    home = tmp("skillc-home-");
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`);
    writeTree(root, files);
  });

  it.each([
    [{ CI: "true" }, [], false],
    [{ CI: "1" }, [], false],
    [{ CI: "true" }, ["--cache"], true],
    [{ CI: "false" }, [], true],
    [{ CI: "0" }, [], true],
    [{}, [], true],
    [{}, ["--no-cache"], false],
    [{ CI: "true" }, ["--cache", "--no-cache"], false],
  ] as const)("env %o, flags %o → cache written: %s", async (env, flags, written) => {
    for (const cmd of ["lint", "build"]) {
      rmSync(path.dirname(analysisDir(root)), { recursive: true, force: true });
      const r = await runCli([cmd, ...flags], { cwd: root, env: { HOME: home, ...env } });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(existsSync(analysisDir(root)), cmd).toBe(written);
    }
  }, 60_000);
});
