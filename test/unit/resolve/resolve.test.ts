import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveSkills, skillName, type ResolveOptions } from "../../../src/pipeline/resolve.js";
import { RULES } from "../../../src/diagnostics/registry.js";
import type { CollisionPolicy, SourceRoot, ValidSkill } from "../../../src/types.js";

const ROOTS: SourceRoot[] = [
  { dir: "builtin", scope: "builtin", precedence: 0 },
  { dir: "project", scope: "project", precedence: 1 },
  { dir: "user", scope: "user", precedence: 2 },
];

/** A minimal ValidSkill; `nameKey` says whether the frontmatter has a `name` key (at line 2, column 1). */
function skill(root: SourceRoot, relDir: string, name = relDir.split("/").pop()!, nameKey = true): ValidSkill {
  const dir = `${root.dir}/${relDir}`;
  const r = (line: number, column: number, endColumn: number) => ({ line, column, endLine: line, endColumn });
  return {
    source: { root, dir, relDir, file: `${dir}/SKILL.md`, fileName: "SKILL.md", absDir: `/abs/${dir}` },
    hash: "0".repeat(64),
    text: "",
    frontmatter: nameKey ? { name, description: "d" } : { description: "d" },
    positions: nameKey ? { "/name": { key: r(2, 1, 5), value: r(2, 7, 7 + name.length) } } : {},
    frontmatterRange: { line: 1, column: 1, endLine: 4, endColumn: 4 },
    bodyOffset: 0,
    body: "",
    bodyStart: 0,
    diagnostics: [],
    fields: {
      name,
      description: "d",
      arguments: [],
      disableModelInvocation: false,
      userInvocable: true,
      toolsets: [],
      defaultEnabled: true,
      briefDescription: "d",
      scripts: [],
    },
  };
}

const opts = (collisions: CollisionPolicy = "override", namespaces = false): ResolveOptions => ({ collisions, namespaces, settings: {}, profile: "skillc" });
const summary = (r: ReturnType<typeof resolveSkills>) => ({
  skills: r.skills.map((s) => `${s.name}@${s.source.file}`),
  collisions: r.collisions,
  diagnostics: r.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}`),
});

describe("rules", () => {
  it("are registered", () => {
    for (const id of ["duplicate-name", "collision-override", "collision-error", "name-clash-normalization"]) expect(RULES.get(id)?.id).toBe(id);
  });
});

describe("names", () => {
  it("uses fields.name, or parents:name with namespaces", () => {
    const s = skill(ROOTS[0], "tools/git/commit", "commit");
    expect(skillName(s, false)).toBe("commit");
    expect(skillName(s, true)).toBe("tools:git:commit");
    expect(skillName(skill(ROOTS[0], "top", "other"), true)).toBe("other");
  });
  it("namespaces keep nested skills of one name apart", () => {
    const r = resolveSkills([skill(ROOTS[0], "a/run", "run"), skill(ROOTS[0], "b/run", "run")], opts("override", true));
    expect(summary(r).skills).toEqual(["a:run@builtin/a/run/SKILL.md", "b:run@builtin/b/run/SKILL.md"]);
    expect(r.diagnostics).toEqual([]);
    const flat = resolveSkills([skill(ROOTS[0], "a/run", "run"), skill(ROOTS[0], "b/run", "run")], opts());
    expect(flat.diagnostics.map((d) => d.ruleId)).toEqual(["duplicate-name", "duplicate-name"]);
  });
});

describe("within one root", () => {
  it("reports duplicate-name on both files, at the name key, and keeps the first by path", () => {
    const r = resolveSkills([skill(ROOTS[0], "zeta", "x"), skill(ROOTS[0], "alpha", "x")], opts());
    expect(summary(r)).toEqual({
      skills: ["x@builtin/alpha/SKILL.md"],
      collisions: [],
      diagnostics: ["builtin/alpha/SKILL.md:2:1 error duplicate-name", "builtin/zeta/SKILL.md:2:1 error duplicate-name"],
    });
    expect(r.diagnostics[0].message).toContain("builtin/zeta/SKILL.md");
    expect(r.diagnostics[1].message).toContain("builtin/alpha/SKILL.md");
  });
  it("positions at line 1 when the name came from the folder", () => {
    const r = resolveSkills([skill(ROOTS[0], "a/x", "x", false), skill(ROOTS[0], "b/x", "x", false)], opts());
    expect(r.diagnostics.map((d) => [d.line, d.column])).toEqual([[1, 1], [1, 1]]);
  });
  it("reports names differing by case or NFC/NFD as name-clash-normalization", () => {
    const nfc = "caf\u00e9";
    const nfd = "cafe\u0301";
    const r = resolveSkills([skill(ROOTS[0], "one", nfc), skill(ROOTS[0], "two", nfd), skill(ROOTS[0], "three", "Review"), skill(ROOTS[0], "four", "review")], opts());
    expect(summary(r).diagnostics).toEqual([
      "builtin/four/SKILL.md:2:1 error name-clash-normalization",
      "builtin/one/SKILL.md:2:1 error name-clash-normalization",
      "builtin/three/SKILL.md:2:1 error name-clash-normalization",
      "builtin/two/SKILL.md:2:1 error name-clash-normalization",
    ]);
    expect(summary(r).skills).toEqual([`${nfc}@builtin/one/SKILL.md`, "review@builtin/four/SKILL.md"]);
  });
  it("honours rule settings", () => {
    const r = resolveSkills([skill(ROOTS[0], "a", "x"), skill(ROOTS[0], "b", "x")], { ...opts(), settings: { "duplicate-name": "warn" } });
    expect(r.diagnostics.map((d) => d.severity)).toEqual(["warning", "warning"]);
    const off = resolveSkills([skill(ROOTS[0], "a", "x"), skill(ROOTS[0], "b", "x")], { ...opts(), settings: { "duplicate-name": "off" } });
    expect(off.diagnostics).toEqual([]);
  });
});

describe("across roots", () => {
  const three = () => [skill(ROOTS[2], "x"), skill(ROOTS[0], "x"), skill(ROOTS[1], "x"), skill(ROOTS[0], "y")];
  it("override: the highest precedence wins and one warning names every shadowed path", () => {
    const r = resolveSkills(three(), opts("override"));
    expect(summary(r)).toEqual({
      skills: ["x@user/x/SKILL.md", "y@builtin/y/SKILL.md"],
      collisions: [{ name: "x", policy: "override", paths: ["builtin/x/SKILL.md", "project/x/SKILL.md", "user/x/SKILL.md"], winner: "user/x/SKILL.md" }],
      diagnostics: ["user/x/SKILL.md:2:1 warning collision-override"],
    });
    const msg = r.diagnostics[0].message;
    for (const p of ["user/x/SKILL.md", "builtin/x/SKILL.md", "project/x/SKILL.md"]) expect(msg).toContain(p);
  });
  it("error: every skill involved is dropped with an error each", () => {
    const r = resolveSkills(three(), opts("error"));
    expect(summary(r)).toEqual({
      skills: ["y@builtin/y/SKILL.md"],
      collisions: [{ name: "x", policy: "error", paths: ["builtin/x/SKILL.md", "project/x/SKILL.md", "user/x/SKILL.md"] }],
      diagnostics: ["builtin/x/SKILL.md:2:1 error collision-error", "project/x/SKILL.md:2:1 error collision-error", "user/x/SKILL.md:2:1 error collision-error"],
    });
  });
  it("keep: all kept, sorted by name then path, no diagnostic", () => {
    const r = resolveSkills(three(), opts("keep"));
    expect(summary(r)).toEqual({
      skills: ["x@builtin/x/SKILL.md", "x@project/x/SKILL.md", "x@user/x/SKILL.md", "y@builtin/y/SKILL.md"],
      collisions: [{ name: "x", policy: "keep", paths: ["builtin/x/SKILL.md", "project/x/SKILL.md", "user/x/SKILL.md"] }],
      diagnostics: [],
    });
  });
  it("treats names differing only by case as the same name, settled by the policy", () => {
    const r = resolveSkills([skill(ROOTS[0], "a", "Deploy"), skill(ROOTS[1], "b", "deploy")], opts("override"));
    expect(summary(r).skills).toEqual(["deploy@project/b/SKILL.md"]);
    expect(r.diagnostics[0].ruleId).toBe("collision-override");
    expect(r.diagnostics[0].message).toContain("letter case");
  });
  it("settles a duplicate inside a root before the cross-root policy", () => {
    const r = resolveSkills([skill(ROOTS[0], "a", "x"), skill(ROOTS[0], "b", "x"), skill(ROOTS[1], "c", "x")], opts("override"));
    expect(summary(r)).toEqual({
      skills: ["x@project/c/SKILL.md"],
      collisions: [{ name: "x", policy: "override", paths: ["builtin/a/SKILL.md", "project/c/SKILL.md"], winner: "project/c/SKILL.md" }],
      diagnostics: ["builtin/a/SKILL.md:2:1 error duplicate-name", "builtin/b/SKILL.md:2:1 error duplicate-name", "project/c/SKILL.md:2:1 warning collision-override"],
    });
  });
});

describe("determinism", () => {
  const pool = [
    skill(ROOTS[0], "a", "x"), skill(ROOTS[0], "b", "x"), skill(ROOTS[1], "c", "x"), skill(ROOTS[2], "d", "X"),
    skill(ROOTS[0], "g/run", "run"), skill(ROOTS[1], "g/run", "run"), skill(ROOTS[1], "h/run", "run"),
    skill(ROOTS[0], "e", "caf\u00e9"), skill(ROOTS[1], "f", "cafe\u0301"), skill(ROOTS[2], "solo"),
  ];
  for (const policy of ["override", "error", "keep"] as const) {
    for (const namespaces of [false, true]) {
      it(`${policy}, namespaces ${namespaces}: output does not depend on input order`, () => {
        const expected = resolveSkills(pool, opts(policy, namespaces));
        fc.assert(
          fc.property(fc.shuffledSubarray(pool, { minLength: pool.length }), (shuffled) => {
            expect(resolveSkills(shuffled, opts(policy, namespaces))).toEqual(expected);
          }),
          { seed: 4242, numRuns: 200 },
        );
      });
    }
  }
});

describe("clash messages", () => {
  // Every skill of a clash is reported; naming every other one in each message made the output
  // quadratic (4,000 same-named skills in one root: 184 MB of lint output, 1 GB of memory).
  it("name the first five other files and count the rest, so each message is bounded however many skills clash", () => {
    const many = Array.from({ length: 2_000 }, (_, i) => skill(ROOTS[0], `s${String(i).padStart(4, "0")}`, "dup"));
    const r = resolveSkills(many, opts());
    expect(r.diagnostics).toHaveLength(2_000);
    expect(Math.max(...r.diagnostics.map((d) => d.message.length))).toBeLessThan(400);
    expect(r.diagnostics[0]!.message).toContain(
      "is also used by builtin/s0001/SKILL.md, builtin/s0002/SKILL.md, builtin/s0003/SKILL.md, builtin/s0004/SKILL.md, builtin/s0005/SKILL.md and 1994 more in source root",
    );
    const cased = Array.from({ length: 64 }, (_, i) => skill(ROOTS[0], `c${i}`, [..."abcdef"].map((ch, b) => ((i >> b) & 1 ? ch.toUpperCase() : ch)).join("")));
    const clash = resolveSkills(cased, opts()).diagnostics;
    expect(clash.map((d) => d.ruleId)).toEqual(Array(64).fill("name-clash-normalization"));
    expect(clash[0]!.message).toMatch(/\/SKILL\.md and 58 more in source root "builtin": the names "abcdef", ("\w+", ){3}"\w+" and 59 more differ/);
  });

  it("a clash of a few names them all, as before", () => {
    const r = resolveSkills([skill(ROOTS[0], "a", "x"), skill(ROOTS[0], "b", "x"), skill(ROOTS[0], "c", "x")], opts());
    expect(r.diagnostics[0]!.message).toContain("is also used by builtin/b/SKILL.md, builtin/c/SKILL.md in source root");
  });
});
