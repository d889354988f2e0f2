// index.d.ts's API is the runtime's own (scripts/runtime-types.mjs): its doc comments come from
// src/runtime, and a runtime change that drops a member the bundle narrows stops the build.
import { describe, expect, it } from "vitest";
import { mkdir, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { emit } from "../../../src/emit/index.js";
import { runtimeTypes } from "../../../scripts/runtime-types.mjs";
import { makeInput, sampleSkills, tmp } from "./helpers.js";

const RUNTIME = join(process.cwd(), "src/runtime");
const flat = (s: string) => s.replace(/\s+/g, " ").trim();

/** The doc comment of every member of the runtime's API interfaces, as written in src/runtime. */
function runtimeMemberDocs(): string[] {
  const docs: string[] = [];
  for (const file of ["api.ts", "data.ts"]) {
    const sf = ts.createSourceFile(file, readFileSync(join(RUNTIME, file), "utf8"), ts.ScriptTarget.Latest, true);
    for (const node of sf.statements) {
      if (!ts.isInterfaceDeclaration(node) || !["Skills", "SkillMeta", "LoadResult", "SkillsOptions", "SkillTool", "BundleFile"].includes(node.name.text)) continue;
      for (const m of node.members) for (const doc of ts.getJSDocCommentsAndTags(m)) if (ts.isJSDoc(doc)) docs.push(flat(doc.getText(sf).replace(/^\s*\/\*\*|\*\/$|^\s*\* ?/gm, "")));
    }
  }
  return docs;
}

describe("index.d.ts and the runtime's own types", () => {
  it("carries the runtime's doc comments, member by member", async () => {
    const dts = flat(((await emit(makeInput(sampleSkills()))).files.get("index.d.ts") as string).replace(/^\s*\* ?/gm, " "));
    const docs = runtimeMemberDocs();
    expect(docs.length).toBeGreaterThan(25);
    expect(docs.filter((d) => !dts.includes(d))).toEqual([]);
    // Narrowed members keep their documentation too.
    expect(dts).toContain("By name, `group:name` / `scope:name`, SKILL.md path or base directory");
    expect(dts).toContain("load<R extends SkillRef>(nameOrPath: R, args?: string | ArgvOf<R>, opts?: LoadOptions): LoadResult;");
  });

  it("stops when the runtime loses a member the bundle narrows", async () => {
    const dir = await tmp("runtime-types");
    await mkdir(dir, { recursive: true });
    // SkillMeta without `dir`: the narrowing of SkillMeta.dir finds nothing to narrow.
    await writeFile(join(dir, "index.ts"), 'export type { SkillMeta } from "./skills.js";\n');
    await writeFile(join(dir, "skills.ts"), "export interface SkillMeta {\n  name: string;\n  path: string;\n}\n");
    expect(() => runtimeTypes(ts, join(dir, "index.ts"))).toThrow(/SkillMeta\.dir is gone/);
  });
});
