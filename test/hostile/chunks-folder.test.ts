// A folder named like a chunk under a split build's chunks/ (left by a tool, a bad restore of a CI
// cache, a person): the rebuild must say so with a usage error before it commits anything, never
// fail with an internal error half way through its renames, and build again once it is gone.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTmp, ensureCli, runCliBounded, skillMd, tmp, writeTree } from "./helpers.js";

beforeAll(ensureCli, 180_000);
afterAll(() => cleanupTmp());

describe("split build: a folder named like a chunk", () => {
  it("is refused with exit 2 and a reason, outDir left as it was; removed, the build goes on", async () => {
    const dir = tmp();
    writeTree(dir, { "skills/a/SKILL.md": skillMd("a"), "skillc.config.json": JSON.stringify({ output: "split" }) });
    expect((await runCliBounded(["build"], dir)).code).toBe(0);
    const chunks = path.join(dir, ".skillc", "chunks");
    const payload = readdirSync(chunks).find((n) => readFileSync(path.join(chunks, n), "utf8").startsWith("export default {"))!;
    // The skill changes: a new chunk, and the old one is swept.
    writeFileSync(path.join(dir, "skills/a/SKILL.md"), skillMd("a", "Does a things.", "Changed."));
    expect((await runCliBounded(["build"], dir)).code).toBe(0);
    const fresh = readdirSync(chunks).find((n) => n !== payload && readFileSync(path.join(chunks, n), "utf8").startsWith("export default {"))!;
    // Back to the first text: the build stages the first chunk again, whose name is now a folder.
    writeFileSync(path.join(dir, "skills/a/SKILL.md"), skillMd("a"));
    mkdirSync(path.join(chunks, payload, "inner"), { recursive: true });
    const kept = readFileSync(path.join(dir, ".skillc", "index.js"));
    const r = await runCliBounded(["build"], dir);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${payload} there is a folder, not a chunk; remove it and build again.`);
    expect(readFileSync(path.join(dir, ".skillc", "index.js")).equals(kept)).toBe(true);
    expect(statSync(path.join(chunks, fresh)).isFile()).toBe(true);
    rmSync(path.join(chunks, payload), { recursive: true });
    expect((await runCliBounded(["build"], dir)).code).toBe(0);
    expect(statSync(path.join(chunks, payload)).isFile()).toBe(true);
  }, 120_000);
});
