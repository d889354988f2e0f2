// The listing cache (src/cache/listing-cache.ts): a warm run stats the folders discovery met before
// instead of listing them again, and lists exactly the folders whose entries changed, so a new
// skill, a new supporting file and a removed one are seen. Counted through readdirSync calls.
import fs from "node:fs";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { tempProject } from "../../helpers/project.js";
import { cacheKey, readRecordFile, writeRecordFile } from "../../../src/cache/signed-file.js";

const REPO = path.resolve(import.meta.dirname, "../../..");
let dir: string;
const listingFile = () => path.join(dir, "node_modules/.cache/skillc/listings-v1.json");
const run = async () => {
  await build({ cwd: dir, config: resolveDefaults(dir, { outDir: "out" }), cache: true });
  const manifest = JSON.parse(await readFile(path.join(dir, "out/manifest.json"), "utf8")) as { skills: Array<{ name: string; files: Array<{ path: string }> }> };
  return manifest.skills.map((s) => `${s.name}: ${s.files.map((f) => f.path).join(" ")}`);
};
/** The folders (relative to the project) listed by `fn`. */
async function listed(fn: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(fs, "readdirSync");
  try {
    await fn();
    return spy.mock.calls.map((c) => path.relative(dir, String(c[0]))).filter((p) => p.startsWith("skills")).sort();
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  dir = tempProject({}, "skillc-listings-");
  await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
  // A folder changed within two seconds of a run is listed again by the next (its mtime may not
  // show a change in the same tick): the tree must be older than that to be kept.
  await new Promise((r) => setTimeout(r, 2100));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("listing cache", () => {
  it("lists nothing unchanged on a warm run, and only the folders that changed after an edit", async () => {
    const cold = await listed(run);
    expect(cold.length).toBeGreaterThan(6);
    let first: string[] = [];
    expect(await listed(async () => (first = await run()))).toEqual([]);

    const skill = (await fs.promises.readdir(path.join(dir, "skills"))).sort()[0]!;
    await mkdir(path.join(dir, "skills", skill, "notes"));
    await writeFile(path.join(dir, "skills", skill, "notes", "new.md"), "A new note.\n");
    await cp(path.join(dir, "skills", skill), path.join(dir, "skills", "zz-copy"), { recursive: true });
    await writeFile(path.join(dir, "skills", "zz-copy", "SKILL.md"), (await readFile(path.join(dir, "skills", skill, "SKILL.md"), "utf8")).replace(/^name: .*$/m, "name: zz-copy"));
    let after: string[] = [];
    const relisted = await listed(async () => (after = await run()));
    // The root (a new skill folder), the edited skill folder and its new folder; the copy is new.
    expect(relisted).toEqual(expect.arrayContaining(["skills", `skills/${skill}`, `skills/${skill}/notes`, "skills/zz-copy"]));
    expect(relisted.filter((p) => !p.startsWith("skills/zz-copy"))).toEqual(["skills", `skills/${skill}`, `skills/${skill}/notes`]);
    expect(after.length).toBe(first.length + 1);
    expect(after.find((s) => s.startsWith(`${skill}:`))).toContain("notes/new.md");

    await rm(path.join(dir, "skills", skill, "notes"), { recursive: true });
    const gone = await run();
    expect(gone.find((s) => s.startsWith(`${skill}:`))).not.toContain("notes/new.md");
  });

  it("takes a listing of the wrong shape as a miss (the folder is listed again)", async () => {
    await run();
    const read = (await readRecordFile(listingFile(), cacheKey()))!;
    const dirs = read.header.dirs as Record<string, unknown[]>;
    const skill = (await fs.promises.readdir(path.join(dir, "skills"))).sort()[1]!;
    const folder = Object.keys(dirs).find((k) => k.endsWith(path.sep + skill))!;
    dirs[folder] = [dirs[folder]![0], "../../etc", "d"];
    await writeRecordFile(listingFile(), cacheKey(), read.header, []);
    expect(await listed(run)).toContain(`skills/${skill}`);
  });
});
