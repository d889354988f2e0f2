// index.d.ts's SkillFiles (src/emit/dts.ts filesInterface) writes a key of one skill from that skill's
// file map, computed once for its four keys: the same text as the union over each key's skills,
// with names, dirs and scoped names shared between skills (`keep` duplicates) and files differing.
import { describe, expect, it } from "vitest";
import { filesInterface, refs } from "../../../src/emit/dts.js";
import { str } from "../../../src/emit/literal.js";
import type { EmitSkill } from "../../../src/types.js";
import { BINARY, makeSkill } from "./helpers.js";
import { rng } from "./random.js";

/** The per-key union, as filesInterface wrote it before (the reference). */
function reference(skills: readonly EmitSkill[], include?: (key: string) => boolean): string[] {
  const byKey = new Map<string, Map<string, Set<string>>>();
  for (const s of skills) {
    for (const key of refs(s)) {
      if (include && !include(key)) continue;
      const files = byKey.get(key) ?? new Map<string, Set<string>>();
      byKey.set(key, files);
      for (const f of s.files) files.set(f.path, (files.get(f.path) ?? new Set<string>()).add(f.binary ? "Uint8Array" : "string"));
    }
  }
  const shapes = new Map<string, string>();
  const entries: string[] = [];
  for (const key of [...byKey.keys()].sort()) {
    const files = byKey.get(key)!;
    if (files.size === 0) continue;
    const shape = `{ ${[...files.keys()].sort().map((p) => `${str(p)}: ${[...files.get(p)!].sort().join(" | ")}`).join("; ")} }`;
    if (!shapes.has(shape)) shapes.set(shape, `_Files${shapes.size}`);
    entries.push(`  ${str(key)}: ${shapes.get(shape)};`);
  }
  return [...[...shapes].map(([shape, alias]) => `type ${alias} = ${shape};`), ...entries];
}

describe("SkillFiles", () => {
  it("equals the per-key union of files on random sets with shared names", () => {
    const r = rng(11);
    const pick = (n: number) => Math.floor(r() * n);
    for (let round = 0; round < 40; round++) {
      const skills: EmitSkill[] = Array.from({ length: 1 + pick(30) }, () => {
        const root = [{ dir: "skills", scope: "skills", precedence: 0 }, { dir: ".", scope: "project", precedence: 1 }][pick(2)]!;
        const files = Array.from({ length: pick(4) }, (_, k) => ({ path: ["a.md", "b/c.txt", "z.bin", `f${k}.md`][pick(4)]!, content: pick(3) === 0 ? BINARY : "text" }));
        const unique = [...new Map(files.map((f) => [f.path, f])).values()];
        return makeSkill({ name: ["x", "y", "z", "x-y"][pick(4)]!, root, files: unique });
      });
      const include = round % 2 ? (key: string) => !key.startsWith("y") : undefined;
      const lines = filesInterface(skills, include && { include });
      expect([...lines.filter((l) => l.startsWith("type ")), ...lines.filter((l) => l.startsWith("  "))]).toEqual(reference(skills, include));
    }
  });
});
