// Hostile YAML frontmatter: alias bombs, deep nesting, huge scalars, duplicate and prototype keys,
// tabs, non-string names, dates, several documents. Each is bounded by the per-test timeout, rejected
// with a positioned diagnostic (or accepted when it is valid), and never pollutes Object.prototype —
// neither while linting/building nor when the built bundle is imported and used.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Recorder, cleanupTmp, importBundle, rejectionProblems, runBoth, tmp, writeTree, type Run } from "./helpers.js";

const rec = new Recorder("yaml");
afterAll(() => {
  rec.write();
  cleanupTmp();
});

const polluted = () =>
  [({} as Record<string, unknown>).polluted, (Object.prototype as Record<string, unknown>).polluted, ([] as unknown as Record<string, unknown>).polluted, (function () {} as unknown as Record<string, unknown>).polluted].some(
    (v) => v !== undefined,
  );
afterEach(() => {
  // Leave no pollution behind for the next test, whatever happened.
  delete (Object.prototype as Record<string, unknown>).polluted;
});

const fm = (yaml: string, body = "Body.\n") => `---\n${yaml}\n---\n${body}`;
const bomb = (levels: number, width = 9) => {
  const lines = [`a0: &a0 ["lol"]`];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array(width).fill(`*a${i - 1}`).join(",")}]`);
  return lines.join("\n");
};

interface Case {
  name: string;
  text: string | Uint8Array;
  /** true: must be rejected; false: must build; undefined: either, with positioned diagnostics. */
  rejected?: boolean;
  /** Rule ids, at least one of which must be reported. */
  rules?: string[];
  /** Extra check on the run. */
  check?: (run: Run) => void | Promise<void>;
}

async function runCase(c: Case, category = "yaml"): Promise<Run> {
  rec.tried(category);
  const dir = tmp("skillc-yaml-");
  writeTree(dir, { "skills/pdf-tools/SKILL.md": c.text });
  const run = await rec.guard(category, () => runBoth(dir));
  if (!run.build.written) rec.rejected(category);
  const all = [...run.lintDiagnostics, ...run.build.diagnostics];
  expect(rejectionProblems(run), c.name).toEqual([]);
  if (c.rejected !== undefined) expect(!run.build.written, `${c.name}: rejected? ${JSON.stringify(all.map((d) => d.ruleId))}`).toBe(c.rejected);
  if (c.rules) expect(all.map((d) => d.ruleId), c.name).toEqual(expect.arrayContaining([expect.toSatisfy((id: string) => c.rules!.includes(id))]));
  expect(polluted(), `${c.name} polluted Object.prototype`).toBe(false);
  if (run.build.written) {
    const m = await importBundle(path.join(run.build.outDir, "index.js"));
    const list = m.skills.list();
    for (const s of list) m.skills.load(s.name);
    m.skills.catalog();
    m.skills.search("pdf");
    m.skills.match("pdf tools __proto__ constructor polluted");
    JSON.parse(readFileSync(path.join(run.build.outDir, "manifest.json"), "utf8"));
    expect(polluted(), `${c.name}: the built bundle polluted Object.prototype`).toBe(false);
  }
  await c.check?.(run);
  return run;
}

describe("alias bombs and size", () => {
  it.each([
    ["billion laughs, 9 levels × 9", bomb(9)],
    ["billion laughs, 20 levels × 2", bomb(20, 2)],
    ["billion laughs used as description", bomb(9) + "\ndescription: *a9"],
    ["billion laughs via merge keys", `a: &a {x: 1, y: 2}\nb: &b {<<: [*a, *a, *a, *a]}\nc: &c {<<: [*b, *b, *b, *b]}\nd: {<<: [*c, *c, *c, *c]}\ndescription: ok\nmetadata: {k: *a}`],
  ])("%s is rejected fast", async (name, yaml) => {
    await runCase({ name, text: fm(`name: pdf-tools\ndescription: ok\n${yaml.replace(/^description: ok\n?/m, "")}`), rejected: true });
  }, 10_000);

  it("10,000 nested `[` (unclosed and closed) are rejected, not a stack overflow", async () => {
    await runCase({ name: "deep [", text: fm(`name: pdf-tools\ndescription: x\nmetadata: ${"[".repeat(10_000)}`), rejected: true });
    await runCase({ name: "deep [ ]", text: fm(`name: pdf-tools\ndescription: x\nmetadata: ${"[".repeat(10_000)}${"]".repeat(10_000)}`), rejected: true });
    await runCase({ name: "deep {", text: fm(`name: pdf-tools\ndescription: x\nmetadata: ${"{a: ".repeat(5_000)}1${"}".repeat(5_000)}`), rejected: true });
    const block = Array.from({ length: 2_000 }, (_, i) => " ".repeat(i) + "a:").join("\n");
    await runCase({ name: "deep block map", text: fm(`name: pdf-tools\ndescription: x\nmetadata:\n ${block.replace(/\n/g, "\n ")} 1`), rejected: true });
  }, 30_000);

  it("a 5 MB description scalar is rejected unread (skill-file-too-large); a 200 KB one with description-too-long", async () => {
    await runCase({ name: "huge scalar", text: fm(`name: pdf-tools\ndescription: ${"x".repeat(5_000_000)}`), rejected: true, rules: ["skill-file-too-large"] });
    await runCase({ name: "big scalar", text: fm(`name: pdf-tools\ndescription: ${"x".repeat(200_000)}`), rejected: true, rules: ["description-too-long"] });
  }, 30_000);

  it("a 1 MB key is refused unparsed (frontmatter-too-large); a 200 KB key is accepted or reported, fast", async () => {
    await runCase({ name: "huge key", text: fm(`name: pdf-tools\ndescription: ok\n${"k".repeat(1_000_000)}: v`), rejected: true, rules: ["frontmatter-too-large"] });
    await runCase({ name: "big key", text: fm(`name: pdf-tools\ndescription: ok\n${"k".repeat(200_000)}: v`) });
  }, 30_000);

  // 100,000 keys is in sizes.test.ts (a child process that can be killed): yaml's uniqueKeys check is
  // quadratic, and a synchronous hang cannot be interrupted in-process. 4,000 keys stays quick.
  it("4,000 metadata keys", async () => {
    await runCase({ name: "4k keys", text: fm(`name: pdf-tools\ndescription: ok\nmetadata:\n${Array.from({ length: 4_000 }, (_, i) => `  k${i}: v`).join("\n")}`) });
  }, 30_000);
});

describe("keys", () => {
  it.each([
    ["duplicate name", "name: pdf-tools\nname: other\ndescription: x", ["yaml-duplicate-key"]],
    ["duplicate description", "name: pdf-tools\ndescription: a\ndescription: b", ["yaml-duplicate-key"]],
    ["duplicate nested key", "name: pdf-tools\ndescription: a\nmetadata:\n  a: x\n  a: y", ["yaml-duplicate-key"]],
    ["duplicate quoted/plain key", "name: pdf-tools\ndescription: a\n\"description\": b", ["yaml-duplicate-key"]],
  ])("%s is an error", async (name, yaml, rules) => {
    await runCase({ name, text: fm(yaml), rejected: true, rules });
  });

  it.each([
    ["__proto__ map", "name: pdf-tools\ndescription: ok\n__proto__:\n  polluted: yes"],
    ["__proto__ in metadata", "name: pdf-tools\ndescription: ok\nmetadata:\n  __proto__:\n    polluted: yes"],
    ["__proto__ string in metadata", 'name: pdf-tools\ndescription: ok\nmetadata:\n  __proto__: "polluted"'],
    ["constructor.prototype", "name: pdf-tools\ndescription: ok\nconstructor:\n  prototype:\n    polluted: yes"],
    ["metadata constructor.prototype", "name: pdf-tools\ndescription: ok\nmetadata:\n  constructor:\n    prototype:\n      polluted: yes"],
    ["prototype key", "name: pdf-tools\ndescription: ok\nprototype:\n  polluted: yes"],
    ["merge key carrying __proto__", "base: &b\n  __proto__:\n    polluted: yes\nname: pdf-tools\ndescription: ok\nmetadata:\n  <<: *b"],
    ["flow map __proto__", 'name: pdf-tools\ndescription: ok\nmetadata: {"__proto__": {"polluted": "yes"}}'],
    ["triggers __proto__", "name: pdf-tools\ndescription: ok\ntriggers:\n  __proto__:\n    polluted: yes\n  keywords: [pdf]"],
    ["arguments __proto__", "name: pdf-tools\ndescription: ok\narguments: [__proto__, constructor]\n"],
    ["hooks __proto__", "name: pdf-tools\ndescription: ok\nhooks:\n  __proto__:\n    polluted: [yes]"],
  ])("%s: no prototype pollution in lint, build or the bundle", async (name, yaml) => {
    await runCase({
      name,
      text: fm(yaml, "Use $ARGUMENTS and $__proto__ and $constructor.\n"),
      check: (run) => {
        if (run.build.written) {
          const manifest = readFileSync(path.join(run.build.outDir, "manifest.json"), "utf8");
          expect(JSON.parse(manifest).skills?.[0]?.name ?? "pdf-tools").toBe("pdf-tools");
        }
      },
    });
  });

  it("a skill named after Object.prototype members is looked up safely in the bundle", async () => {
    const dir = tmp("skillc-yaml-");
    // Folder names that are Object.prototype members; kebab-case-invalid ones are rejected, valid ones must work.
    writeTree(dir, {
      "skills/constructor/SKILL.md": fm("description: Named constructor."),
      "skills/tostring/SKILL.md": fm("description: Named tostring."),
      "skills/a/SKILL.md": fm("description: A.", "x"),
      "skills/a/__proto__": "proto file",
      "skills/a/constructor": "ctor file",
    });
    rec.tried("yaml");
    const run = await rec.guard("yaml", () => runBoth(dir));
    expect(rejectionProblems(run)).toEqual([]);
    expect(run.build.written).toBe(true);
    const m = await importBundle(path.join(run.build.outDir, "index.js"));
    expect(m.skills.get("constructor")?.name).toBe("constructor");
    expect(m.skills.get("hasOwnProperty")).toBeUndefined();
    expect(m.skills.get("__proto__")).toBeUndefined();
    expect(m.skills.get("valueOf")).toBeUndefined();
    expect(m.skills.file("a", "__proto__")).toBe("proto file");
    expect(m.skills.file("a", "constructor")).toBe("ctor file");
    for (const p of ["toString", "hasOwnProperty", "valueOf"]) expect(() => m.skills.file("a", p)).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    expect(m.skills.call("load_skill", { name: "__proto__" }).isError).toBe(true);
    expect(m.skills.call("load_skill", { name: "hasOwnProperty" }).isError).toBe(true);
    expect(m.skills.call("load_skill", { name: "valueOf" }).isError).toBe(true);
    expect(m.skills.get("toString")?.name).toBe("tostring"); // lookup is case-insensitive, by Map
    expect(m.skills.call("load_skill", '{"__proto__": {"name": "a"}}').isError).toBe(true);
    expect(polluted()).toBe(false);
  });
});

describe("types and syntax", () => {
  it.each([
    ["name: 123", "name: 123\ndescription: x", ["field-type", "name-format"]],
    ["name: true", "name: true\ndescription: x", ["field-type", "name-format"]],
    ["name: [a]", "name: [a]\ndescription: x", ["field-type", "name-format"]],
    ["name: {a: 1}", "name: {a: 1}\ndescription: x", ["field-type", "name-format"]],
    ["name: null", "name: null\ndescription: x", ["field-type", "name-format", "name-missing"]],
    ["name: 1e3", "name: 1e3\ndescription: x", ["field-type", "name-format"]],
    ["name: .inf", "name: .inf\ndescription: x", ["yaml-syntax"]],
    ["name: 0x1F", "name: 0x1F\ndescription: x", ["field-type", "name-format"]],
    ["description: 123", "name: pdf-tools\ndescription: 123", ["field-type"]],
    ["description: [a, b]", "name: pdf-tools\ndescription: [a, b]", ["field-type"]],
    ["description: null", "name: pdf-tools\ndescription:", ["description-missing", "field-type"]],
    ["description: !!binary", "name: pdf-tools\ndescription: !!binary aGVsbG8=", ["field-type", "yaml-syntax"]],
    ["tab indentation", "name: pdf-tools\ndescription: x\nmetadata:\n\ta: b", ["yaml-syntax"]],
    ["tab before key", "\tname: pdf-tools\ndescription: x", ["yaml-syntax"]],
    ["unquoted colon", "name: pdf-tools\ndescription: Use when: x", ["yaml-syntax"]],
    ["multi-document ...", "name: pdf-tools\ndescription: x\n...\nname: other", ["yaml-multi-document", "yaml-syntax"]],
    ["multi-document --- x", "name: pdf-tools\ndescription: x\n--- !!map\nname: other", ["yaml-multi-document", "yaml-syntax"]],
    ["directive", "%YAML 1.1\nname: pdf-tools\ndescription: x", ["yaml-syntax", "yaml-multi-document"]],
    ["unresolved alias", "name: pdf-tools\ndescription: *nope", ["yaml-syntax"]],
    ["frontmatter is a list", "- a\n- b", ["frontmatter-not-map"]],
    ["frontmatter is a scalar", "just text", ["frontmatter-not-map"]],
    ["frontmatter empty", "", ["frontmatter-not-map", "description-missing"]],
    ["NUL in frontmatter", "name: pdf-tools\ndescription: a\0b", ["binary-file"]],
    ["lone surrogate escape", 'name: pdf-tools\ndescription: "\\uD800"', undefined],
    ["C1 / bidi controls", "name: pdf-tools\ndescription: \"a\\u202Eb\\u0085c\"", undefined],
  ] as Array<[string, string, string[] | undefined]>)("%s", async (name, yaml, rules) => {
    await runCase({ name, text: fm(yaml), rejected: rules ? true : undefined, rules });
  });

  it("dates stay strings (YAML 1.2): `name: 2024-01-01` and `description: 2024-01-01` are the text, not a Date", async () => {
    await runCase({
      name: "date name",
      text: fm("name: 2024-01-01\ndescription: 2024-01-01"),
      check: async (run) => {
        expect(run.build.written).toBe(true);
        const m = await importBundle(path.join(run.build.outDir, "index.js"));
        expect(m.skills.get("2024-01-01")?.description).toBe("2024-01-01");
      },
    });
  });

  it("an unresolved tag (`!js/function`) is reported, not silently dropped", async () => {
    // yaml reports unknown tags in doc.warnings; parse.ts reads only doc.errors, so the tag vanishes.
    const run = await runCase({ name: "unknown tag", text: fm("name: pdf-tools\ndescription: !js/function 'function(){}'") });
    expect([...run.lintDiagnostics].map((d) => d.ruleId)).toContain("yaml-syntax");
  });

  it("dates and numbers elsewhere never crash (version: 1.0, metadata date values)", async () => {
    await runCase({ name: "version number", text: fm("name: pdf-tools\ndescription: x\nversion: 1.0\nmetadata:\n  when: 2024-01-01\n  n: 3") });
    await runCase({ name: "timestamp", text: fm("name: pdf-tools\ndescription: x\nmetadata:\n  t: 2001-12-14t21:59:43.10-05:00") });
  });
});
