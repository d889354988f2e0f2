// The incremental cache: outputs are identical with and without it, a warm run really reuses the
// stored analysis, and any change to the skill, its file list, the config or skillc's version invalidates it.
import { existsSync } from "node:fs";
import { cacheKey } from "../../../src/cache/signed-file.js";
import { analysisDir, readAnalysisCache, writeAnalysisCache } from "../../helpers/analysis-cache.js";
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { build } from "../../../src/project/build.js";
import { lint } from "../../../src/project/api.js";
import { resolveDefaults, type SkillcConfig } from "../../../src/config/types.js";
import { tempProject } from "../../helpers/project.js";

const REPO = path.resolve(import.meta.dirname, "../../..");
let dir: string;
const cacheFile = () => analysisDir(dir);

beforeEach(async () => {
  dir = tempProject({}, "skillc-cache-");
  await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

async function outputs(outDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(path.join(dir, outDir))).sort()) files[name] = await readFile(path.join(dir, outDir, name), "utf8");
  return files;
}

const run = (config: SkillcConfig, cache: boolean) => build({ cwd: dir, config: resolveDefaults(dir, config), cache });

/** Plants a warning in every cached entry: visible in a later run only if that run used the cache. */
async function plantMarker(): Promise<void> {
  // The file is signed with this user's key (src/cache/signed-file.ts): read and written through the same code.
  const data = (await readAnalysisCache(dir, cacheKey())) as { entries: Record<string, { value: { diagnostics: unknown[] } }> };
  for (const [file, entry] of Object.entries(data.entries)) {
    entry.value.diagnostics.push({ file, line: 1, column: 1, ruleId: "unknown-field", severity: "warning", message: "MARKER from the cache" });
  }
  await writeAnalysisCache(dir, cacheKey(), data);
}
const markers = async (config: SkillcConfig = {}) =>
  (await lint({ cwd: dir, config: resolveDefaults(dir, config), cache: true })).results.flatMap((r) => r.diagnostics).filter((d) => d.message.includes("MARKER")).map((d) => d.file);

describe("analysis cache", () => {
  it("gives byte-identical outputs without, cold and warm", async () => {
    await run({ outDir: "none" }, false);
    await run({ outDir: "cold" }, true);
    await run({ outDir: "warm" }, true);
    const none = await outputs("none");
    expect(Object.keys(none)).toContain("index.js");
    expect(await outputs("cold")).toEqual(none);
    expect(await outputs("warm")).toEqual(none);
  });

  it("is used on a warm run, and invalidated per skill by a content or file-list change", async () => {
    await lint({ cwd: dir, config: resolveDefaults(dir), cache: true });
    await plantMarker();
    const all = await markers();
    expect(all).toHaveLength(6);

    await writeFile(path.join(dir, "skills/triage-bug/SKILL.md"), (await readFile(path.join(dir, "skills/triage-bug/SKILL.md"), "utf8")) + "\nOne more line.\n");
    await writeFile(path.join(dir, "skills/review-diff/extra.md"), "a new supporting file\n");
    const after = await markers();
    expect(after).toHaveLength(4);
    expect(after).not.toContain("skills/triage-bug/SKILL.md");
    expect(after).not.toContain("skills/review-diff/SKILL.md");
  });

  it("is not used by default for a handful of skills (the pre-commit case), but is from 32 on (outside CI)", async () => {
    vi.stubEnv("CI", ""); // CI turns the default off (test/hostile/cache.test.ts)
    await lint({ cwd: dir, config: resolveDefaults(dir) });
    expect(existsSync(cacheFile())).toBe(false);
    for (let i = 0; i < 26; i++) await cp(path.join(dir, "skills/triage-bug"), path.join(dir, `skills/copy-${i}`), { recursive: true });
    await lint({ cwd: dir, config: resolveDefaults(dir) });
    expect(existsSync(cacheFile())).toBe(true);
  });

  it("is discarded when the config changes what analysis depends on", async () => {
    await lint({ cwd: dir, config: resolveDefaults(dir), cache: true });
    await plantMarker();
    expect(await markers({ rules: { "unknown-field": "error" } })).toEqual([]);
  });

  it("is spread over shard files, and removes the one file of the versions before them", async () => {
    const legacy = path.join(path.dirname(cacheFile()), "analysis-v1.json");
    await mkdir(path.dirname(legacy), { recursive: true });
    await writeFile(legacy, "{}");
    await lint({ cwd: dir, config: resolveDefaults(dir), cache: true });
    expect(existsSync(legacy)).toBe(false);
    // The 6 sample skills, each in the shard its path hashes to: more than one shard is written.
    expect((await readdir(cacheFile())).length).toBeGreaterThan(1);
    expect(Object.keys((await readAnalysisCache(dir, cacheKey()))!.entries)).toHaveLength(6);
  });
});
