// The file walk's lists of a skill with supporting files and of one without share one array map:
// optimized code that inlines the walk (the rebuild's walk ahead) saw only the first until a skill
// without files came, and deoptimized there (src/util/empty-list.ts).
import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { walkFiles, type FileOptions } from "../../../src/pipeline/files.js";
import { skillFileCandidates } from "../../../src/pipeline/discover-folder.js";
import { emptyList } from "../../../src/util/empty-list.js";
import type { SkillSource } from "../../../src/types.js";

v8.setFlagsFromString("--allow-natives-syntax");
const sameMap = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: unknown, b: unknown) => boolean;

function skill(root: string, name: string, files: string[]): SkillSource {
  const dir = path.join(root, "skills", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "SKILL.md"), "---\ndescription: d\n---\n");
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), "x");
  }
  return { root: { dir: "skills", scope: "skills", precedence: 0 }, dir: `skills/${name}`, relDir: name, file: `skills/${name}/SKILL.md`, fileName: "SKILL.md", absDir: dir };
}

const opts: FileOptions = { include: ["**/*"], exclude: [], maxBytes: 1_000_000, settings: {}, profile: "skillc" };

describe("walkFiles", () => {
  it("gives a skill without files lists of the same array map as one with files", () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "skillc-walk-kinds-")));
    const full = walkFiles(skill(root, "full", ["references/a.md", "b.txt"]), opts);
    const bare = walkFiles(skill(root, "bare", []), opts);
    expect(full.paths).toEqual(["b.txt", "references/a.md"]);
    expect(bare.paths).toEqual([]);
    expect(bare.reals).toEqual([]);
    expect(sameMap(full.paths, bare.paths)).toBe(true);
    expect(sameMap(full.reals, bare.reals)).toBe(true);
    // What `[]` would have been: another map (the check can fail).
    expect(sameMap(full.paths, [])).toBe(false);
  });

  it("gives discovery's SKILL.md candidates one array map, found or not", () => {
    const found = skillFileCandidates(["references", "SKILL.md"]);
    const none = skillFileCandidates(["references", "README.md"]);
    expect(found).toEqual(["SKILL.md"]);
    expect(none).toEqual([]);
    expect(sameMap(found, none)).toBe(true);
  });

  it("makes empty lists that keep a filled one's map as strings or objects are pushed", () => {
    const strings = emptyList<string>();
    const objects = emptyList<object>();
    expect(sameMap(strings, ["a"]) && sameMap(objects, [{}])).toBe(true);
    strings.push("a");
    objects.push({ a: 1 });
    expect(sameMap(strings, emptyList()) && sameMap(objects, emptyList())).toBe(true);
    expect(emptyList()).not.toBe(emptyList());
  });
});
