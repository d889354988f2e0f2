// A writing single build's index.js streamed with its templates compiled skill by skill (emit/index.ts
// EmitInput.templates with `written`): the same bytes as with every template compiled first, each
// skill compiled before it renders, and `written` called once per skill, after its line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emit } from "../../../src/emit/index.js";
import { IndexStage } from "../../../src/emit/index-stage.js";
import type { CompiledSkill, EmitSkill } from "../../../src/types.js";
import { makeInput, makeSkill, sampleSkills, tmp } from "./helpers.js";

async function streamed(skills: CompiledSkill[], hooks: { templates?: (s: readonly EmitSkill[]) => void; written?: (s: EmitSkill) => void }): Promise<string> {
  const stage = new IndexStage(join(await tmp("written"), "out"));
  await emit({ ...makeInput(skills), index: stage, ...hooks });
  await stage.flush();
  const text = readFileSync(join(stage.tmp!, "index.js"), "utf8");
  await stage.discard();
  return text;
}

describe("templates compiled as index.js renders", () => {
  it("give the same index.js, each compiled before its line, and each skill let go once after it", async () => {
    const skills = () => [...sampleSkills(), ...Array.from({ length: 40 }, (_, i) => makeSkill({ name: `m-${i}`, template: [`Body ${i} `, [0, 0, "$ARGUMENTS"], " end"] }))];
    const expected = await streamed(skills(), {});
    const list = skills();
    const compiled = new Map(list.map((s) => [s as EmitSkill, s.template]));
    for (const s of list) s.template = [];
    // By object: sampleSkills has two skills of one name.
    let step = 0;
    const compiledAt = new Map<EmitSkill, number>();
    const writtenAt = new Map<EmitSkill, number[]>();
    const text = await streamed(list, {
      templates: (batch) => {
        for (const s of batch) {
          compiledAt.set(s, step++);
          (s as CompiledSkill).template = compiled.get(s)!;
        }
      },
      written: (s) => writtenAt.set(s, [...(writtenAt.get(s) ?? []), step++]),
    });
    expect(text).toBe(expected);
    for (const s of list) {
      expect(writtenAt.get(s)).toHaveLength(1);
      expect(compiledAt.get(s)).toBeLessThan(writtenAt.get(s)![0]!);
    }
  });
});
