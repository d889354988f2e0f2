// The runtime facing a model (issue 13 item 5): every input is capped and its work bounded, `call`
// never throws for any JavaScript value, options of null mean defaults, and tool aliases have no
// prototype. No timing: the regexes the runtime runs on input are proven linear by recheck (the
// same checker as the build's trigger-regex-redos rule), and caps are checked by their results.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { regexLiterals } from "../../helpers/regex-literals.js";
import { createSkills, SkillError } from "../../../src/runtime/index.js";
import { ARGS_MAX, FILLED_MAX, MATCH_MAX, PATH_MAX, QUERY_MAX, REF_MAX } from "../../../src/runtime/limits.js";
import { norm } from "../../../src/runtime/search.js";
import { checkRegexComplexity } from "../../../src/pipeline/frontmatter/trigger-regex-recheck.js";
import { bundle, codeOf } from "./helpers.js";

const make = () => {
  const b = bundle([
    { name: "pdf", description: "Extract text from PDF files.", files: { "references/r.md": "R" }, body: "Use $ARGUMENTS." },
    { name: "notes", description: "Take notes.", triggers: { keywords: ["note"], verbs: [], patterns: ["\\bmemo\\b"] } },
  ]);
  return createSkills(b.data);
};


describe("runtime regexes run in linear time on any input", () => {
  it("every regex literal in src/runtime is linear (recheck, automaton checker)", () => {
    const found = regexLiterals("src/runtime");
    expect(found.length).toBeGreaterThan(8);
    const slow = found.filter(([, p, fl]) => checkRegexComplexity(p, fl).status !== "safe");
    expect(slow).toEqual([]);
  });
  it("the checker flags the quadratic normalisation the runtime used to have", () => {
    expect(checkRegexComplexity("^\\.\\/|\\/+$", "").status).toBe("vulnerable");
  });
  it("norm() trims like the old regex did", () => {
    const old = (s: string) => s.trim().replace(/^\.\/|\/+$/g, "");
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom("/", ".", "a", " ", ":") }), (s) => norm(s) === old(s)), { numRuns: 2000 });
  });
});

describe("every string input is capped, with the limit in the message", () => {
  const skills = make();
  const slashes = "/".repeat(80_000) + "a";
  const error = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(SkillError);
      return e as SkillError;
    }
    throw new Error("did not throw");
  };
  it("an 80 KB name of slashes is INVALID_PARAM at once, everywhere", () => {
    for (const f of [() => skills.load(slashes), () => skills.file(slashes, "references/r.md"), () => skills.toolsets(slashes)]) {
      const e = error(f);
      expect(e.code).toBe("INVALID_PARAM");
      expect(e.message).toBe(`Skill name is too long (80001 characters; the limit is ${REF_MAX}).`);
    }
    expect(skills.get(slashes)).toBeUndefined();
    const r = skills.call("load_skill", { name: slashes });
    expect(r).toMatchObject({ isError: true, structuredContent: { code: "INVALID_PARAM" } });
    expect(r.content[0]!.text).toContain(`the limit is ${REF_MAX}`);
  });
  it("a name at the limit is looked up (and its echo is cut)", () => {
    const name = "x".repeat(REF_MAX);
    const r = skills.call("load_skill", { name });
    expect(r.structuredContent).toEqual({ code: "NOT_FOUND" });
    expect(r.content[0]!.text.length).toBeLessThan(300);
    expect(r.content[0]!.text).toContain("x".repeat(60) + "…");
  });
  it("paths, queries and args", () => {
    expect(skills.call("read_skill_file", { name: "pdf", path: "a/".repeat(PATH_MAX) }).content[0]!.text).toContain(`the limit is ${PATH_MAX}`);
    expect(skills.call("search_skills", { query: "pdf ".repeat(QUERY_MAX) }).content[0]!.text).toContain(`the limit is ${QUERY_MAX}`);
    expect(error(() => skills.search("q".repeat(QUERY_MAX + 1))).message).toContain(`limit is ${QUERY_MAX}`);
    expect(skills.call("load_skill", { name: "pdf", args: "a".repeat(ARGS_MAX + 1) }).content[0]!.text).toContain(`the limit is ${ARGS_MAX}`);
    expect(error(() => skills.load("pdf", ["a".repeat(ARGS_MAX)])).message).toContain(`limit is ${ARGS_MAX}`);
    expect(skills.load("pdf", "a".repeat(ARGS_MAX)).content).toHaveLength(ARGS_MAX + 5);
    const miss = skills.call("search_skills", { query: "zzz".repeat(300) }).content[0]!.text;
    expect(miss.length).toBeLessThan(200);
  });
  it("args add at most FILLED_MAX characters to a body (a 63 KB args into 60,000 placeholders took 17 s of CPU, then a RangeError)", () => {
    const amp = createSkills(bundle([{ name: "amp", args: ["x"], body: "$ARGUMENTS $0 $x\n".repeat(20_000) }]).data);
    const r = amp.call("load_skill", { name: "amp", args: "!a ".repeat(21_000) });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual({ code: "INVALID_PARAM" });
    expect(r.content[0]!.text).toContain(`the limit is ${FILLED_MAX}`);
    expect(codeOf(() => amp.load("amp", ["y".repeat(ARGS_MAX - 1)]))).toBe("INVALID_PARAM");
    // Exactly FILLED_MAX characters added is filled; one placeholder more is refused.
    const k = FILLED_MAX / 1000;
    const fit = createSkills(bundle([{ name: "fit", body: "$ARGUMENTS ".repeat(k) }, { name: "over", body: "$ARGUMENTS ".repeat(k + 1) }]).data);
    expect(fit.load("fit", "y".repeat(1000)).content).toHaveLength(k * 1001);
    expect(codeOf(() => fit.load("over", "y".repeat(1000)))).toBe("INVALID_PARAM");
    // The limit is on what args add: a body that long by itself still loads with them.
    const big = createSkills(bundle([{ name: "big", body: "z".repeat(FILLED_MAX + 10) }]).data);
    expect(big.load("big", "y").content).toHaveLength(FILLED_MAX + 10 + "\n\nARGUMENTS: y".length);
  });
  it("match() reads the first MATCH_MAX characters only", () => {
    expect(skills.match("x".repeat(MATCH_MAX - 6) + " memo").map((h) => h.skill.name)).toEqual(["notes"]);
    expect(skills.match("x".repeat(MATCH_MAX - 4) + " memo")).toEqual([]);
    expect(skills.match("a note " + "/".repeat(100_000)).map((h) => h.skill.name)).toEqual(["notes"]);
  });
});

/** Values no JSON parser would make: each must come back as an isError result, never a throw. */
function hostileValues(): unknown[] {
  const cyclic: Record<string, unknown> = { name: "pdf" };
  cyclic.self = cyclic;
  const throwing = { toString: () => { throw new Error("toString"); }, valueOf: () => { throw new Error("valueOf"); } };
  const getter = Object.defineProperty({}, "name", { get: () => { throw new Error("getter"); }, enumerable: true });
  const trap = new Proxy({}, { get: () => { throw new Error("trap"); }, has: () => { throw new Error("trap"); }, ownKeys: () => { throw new Error("trap"); } });
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const thrower = new Proxy({}, { getPrototypeOf: () => { throw new Error("proto"); } });
  const nul = Object.assign(Object.create(null), { name: "pdf", args: Object.create(null) });
  return [
    10n, Symbol("s"), null, undefined, NaN, -0, Infinity, () => 1, cyclic, throwing, getter, trap, revoked, thrower, nul,
    { name: 10n }, { name: Symbol("x") }, { name: throwing }, { name: "pdf", args: 10n }, { name: "pdf", args: [1n] }, { name: "pdf", args: cyclic },
    { name: "pdf", args: [throwing] }, { name: trap }, { query: 10n }, { query: throwing }, { query: "pdf", limit: 10n }, { query: "pdf", limit: Symbol() },
    { query: "pdf", limit: throwing }, { query: "pdf", scope: 10n }, { query: cyclic }, { name: "pdf", path: 10n }, { name: "pdf", path: throwing },
    { name: "pdf", path: cyclic }, { name: "pdf", path: ["references/r.md"] }, [cyclic], "{", "null", "[]", "1e999", '{"__proto__":{"name":"pdf"}}',
  ];
}

describe("call never throws", () => {
  const skills = make();
  const TOOLS = ["load_skill", "search_skills", "read_skill_file", "skill", "use_skill", "skill_search"];
  const ok = (r: unknown) => {
    const x = r as { content: { type: string; text: string }[]; isError?: boolean };
    expect(Array.isArray(x.content)).toBe(true);
    expect(typeof x.content[0]!.text).toBe("string");
  };
  it("for hostile inputs to every built-in tool", () => {
    for (const t of TOOLS) for (const v of hostileValues()) ok(skills.call(t, v));
  });
  it("for hostile tool names", () => {
    for (const v of hostileValues()) ok(skills.call(v as string, {}));
  });
  it("for any value fast-check makes (tool name and input)", () => {
    const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withDate: true, withBoxedValues: true, withUnicodeString: true });
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...TOOLS), anything), fc.oneof(anything, fc.record({ name: anything, path: anything, args: anything, query: anything, limit: anything })), (t, v) => {
        ok(skills.call(t as string, v));
      }),
      { numRuns: 3000 },
    );
  });
  it("tool aliases have no prototype", () => {
    for (const t of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf"]) {
      const r = skills.call(t, { name: "pdf" });
      expect(r.structuredContent).toEqual({ code: "NOT_FOUND" });
      expect(r.content[0]!.text).toMatch(/^Unknown tool/);
    }
  });
  it("a thrown non-Error (a Proxy, a Symbol, a throwing toString) is an EXECUTION_ERROR result", () => {
    for (const thrown of [Symbol("x"), { toString: () => { throw 1; } }, new Proxy({}, { get: () => { throw 1; }, getPrototypeOf: () => { throw 1; } }), 10n, "a".repeat(10_000)]) {
      const b = bundle([{ name: "boom" }]);
      b.data.skills[0]!.payload = () => {
        throw thrown;
      };
      const r = createSkills(b.data).call("load_skill", { name: "boom" });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toEqual({ code: "EXECUTION_ERROR" });
      expect(r.content[0]!.text.length).toBeLessThan(600);
    }
  });
});

describe("options of null mean defaults", () => {
  const b = bundle([{ name: "pdf", description: "PDF files." }]);
  it("everywhere an options object is taken", () => {
    const skills = createSkills(b.data, null);
    expect(skills.search("pdf", null as never).map((h) => h.skill.name)).toEqual(["pdf"]);
    expect(skills.catalog(null as never)).toBe(createSkills(b.data).catalog());
    expect(skills.catalog({ format: null, budget: null } as never)).toBe(skills.catalog());
    expect(skills.catalog({ budget: 10n } as never)).toBe(skills.catalog());
    expect(skills.match("pdf please", null as never)).toHaveLength(1);
    expect(skills.tools(null as never)).toEqual(skills.tools());
    expect(skills.search("pdf", { limit: null, scope: null } as never)).toHaveLength(1);
    expect(skills.load("pdf", null as never).content).toBe(skills.load("pdf").content);
    expect(skills.disclose("full", null as never)).toBe(skills.disclose("full", ""));
  });
});
