import { describe, expect, it } from "vitest";
import { createSkills, SkillError } from "../../../src/runtime/index.js";
import { bundle, type SkillSpec } from "./helpers.js";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 10, 13]);

const SPECS: SkillSpec[] = [
  {
    name: "review-diff",
    description: "Review a git diff for bugs and style problems.",
    body: "Review $ARGUMENTS in ${CLAUDE_SKILL_DIR}.",
    files: { "scripts/lint.sh": "#!/bin/sh\necho lint\n", "assets/logo.png": PNG, "references/style.md": "# Style\n" },
    triggers: { keywords: ["code review"], verbs: ["review"], patterns: ["\\bPR #\\d+"] },
  },
  { name: "pdf", description: "Extract text and tables from PDF files.", triggers: { keywords: ["pdf"], verbs: [], patterns: [] } },
  { name: "pdf-forms", description: "Fill PDF forms." },
  { name: "deploy", description: "Deploy the service to production.", hidden: true, body: "Deploy to $0." },
  { name: "secret-tool", description: "Internal secrets." },
  { name: "explore", description: "Explore the codebase in a subagent.", context: "fork", agent: "Explore", body: "Map the code for $ARGUMENTS." },
  { name: "helper", description: "Background knowledge only.", userInvocable: false },
];

const make = (extra: SkillSpec[] = [], opts = {}) => {
  const b = bundle([...SPECS, ...extra], { permissions: { allow: [], deny: ["secret-*"] } });
  return { ...b, skills: createSkills(b.data, opts) };
};

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SkillError);
    return (e as SkillError).code;
  }
  return "none";
};

describe("createSkills: import does little", () => {
  it("calls no payload until a body or file is needed, then once per skill", () => {
    const { skills, calls, total } = make();
    skills.list();
    skills.catalog();
    skills.search("review");
    skills.match("please review PR #12");
    skills.tools({ format: "mcp" });
    expect(total()).toBe(0);
    skills.load("review-diff");
    skills.load("review-diff", "x");
    skills.file("review-diff", "scripts/lint.sh");
    skills.file("review-diff", "assets/logo.png");
    expect(calls["skills/review-diff/SKILL.md"]).toBe(1);
    expect(total()).toBe(1);
  });

});

describe("list / get", () => {
  const { skills } = make();
  it("lists visible, permitted skills sorted by name", () => {
    expect(skills.list().map((s) => s.name)).toEqual(["explore", "helper", "pdf", "pdf-forms", "review-diff"]);
    const m = skills.list().find((s) => s.name === "review-diff")!;
    expect(m).toMatchObject({ path: "skills/review-diff/SKILL.md", dir: "skills/review-diff", scope: "builtin", hidden: false, userInvocable: true, args: [] });
    expect(m.files.map((f) => f.path)).toEqual(["assets/logo.png", "references/style.md", "scripts/lint.sh"]);
    expect(Object.keys(m)).not.toContain("payload");
    expect(Object.keys(m)).not.toContain("hash");
  });
  it("gets by name, path, dir, ./path and scope:name; hidden ones too; denied ones not", () => {
    expect(skills.get("pdf")?.name).toBe("pdf");
    expect(skills.get("skills/pdf/SKILL.md")?.name).toBe("pdf");
    expect(skills.get("./skills/pdf/")?.name).toBe("pdf");
    expect(skills.get("builtin:pdf")?.name).toBe("pdf");
    expect(skills.get("skills:pdf")?.name).toBe("pdf");
    expect(skills.get("deploy")?.hidden).toBe(true);
    expect(skills.get("secret-tool")).toBeUndefined();
    expect(skills.get("nope")).toBeUndefined();
    expect(skills.get("")).toBeUndefined();
  });
});

describe("load", () => {
  const { skills } = make();
  it("expands args and frames text with the base directory and supporting files", () => {
    const r = skills.load("review-diff", "src/a.ts");
    expect(r.content).toBe("Review src/a.ts in skills/review-diff.");
    expect(r.text).toBe(
      "Base directory for this skill: skills/review-diff\n\nReview src/a.ts in skills/review-diff.\n\n" +
        "Supporting files (read with read_skill_file):\n- assets/logo.png (binary, 8 bytes)\n- references/style.md\n- scripts/lint.sh",
    );
    expect(r).toMatchObject({ name: "review-diff", path: "skills/review-diff/SKILL.md", baseDir: "skills/review-diff" });
    // claude-code dialect: no arguments is "" (as Claude Code passes).
    expect(skills.load("review-diff").content).toBe("Review  in skills/review-diff.");
    expect(skills.load("review-diff", ["a b", "c"]).content).toBe("Review a b c in skills/review-diff.");
  });
  it("returns a task for context: fork skills", () => {
    const r = skills.load("explore", "auth");
    expect(r).toMatchObject({ context: "fork", agent: "Explore", task: "Map the code for auth." });
    expect(r.text).toMatch(/^Run this skill in a subagent \(agent: Explore\)/);
  });
  it("throws SkillError codes", () => {
    expect(code(() => skills.load(""))).toBe("INVALID_PARAM");
    expect(code(() => skills.load(undefined as never))).toBe("INVALID_PARAM");
    expect(code(() => skills.load("pdf", 3 as never))).toBe("INVALID_PARAM");
    expect(code(() => skills.load("nope"))).toBe("NOT_FOUND");
    expect(code(() => skills.load("secret-tool"))).toBe("PERMISSION_DENIED");
    expect(skills.load("deploy", "prod").content).toBe("Deploy to prod.");
  });
  it("suggests near names on NOT_FOUND", () => {
    expect(() => skills.load("pd")).toThrow(/Did you mean: pdf-forms, pdf\?/) // ties by path: "-" sorts before "/";
  });
  it("skill_context format escapes attributes", () => {
    const b = bundle([{ name: "x", dir: 'skills/a"><b' }], { loadFormat: "skill_context" });
    const r = createSkills(b.data).load("x");
    expect(r.text).toBe('<skill_context name="x" path="skills/a&quot;&gt;&lt;b/SKILL.md">\nBase directory for this skill: skills/a"><b\n\nBody of x.\n</skill_context>');
    expect(createSkills(b.data, { loadFormat: "plain" }).load("x").text).toMatch(/^Base directory/);
  });
});

describe("file", () => {
  const { skills } = make();
  it("serves text and binary files; binary decoded once, copies returned", () => {
    expect(skills.file("review-diff", "scripts/lint.sh")).toBe("#!/bin/sh\necho lint\n");
    expect(skills.file("review-diff", "./references/style.md")).toBe("# Style\n");
    expect(skills.file("review-diff", "skills/review-diff/references/style.md")).toBe("# Style\n");
    const b = skills.file("review-diff", "assets/logo.png") as Uint8Array;
    expect(b).toBeInstanceOf(Uint8Array);
    expect([...b]).toEqual([...PNG]);
    b[0] = 0;
    expect((skills.file("review-diff", "assets/logo.png") as Uint8Array)[0]).toBe(0x89);
  });
  it("a binary file holding every byte value, in every position mod 256, comes back byte for byte", () => {
    const all = Uint8Array.from({ length: 4096 + 7 }, (_, i) => (i * 167 + (i >> 8)) & 255);
    const { skills: s } = make([{ name: "bytes", description: "Every byte.", files: { "assets/all.bin": all } }]);
    expect(Buffer.from(s.file("bytes", "assets/all.bin") as Uint8Array).equals(Buffer.from(all))).toBe(true);
  });

  // [path, expected code]
  const HOSTILE: [unknown, string][] = [
    ["", "INVALID_PARAM"],
    ["..", "INVALID_PARAM"],
    ["../pdf/SKILL.md", "INVALID_PARAM"],
    ["scripts/../../etc/passwd", "INVALID_PARAM"],
    ["scripts/..", "INVALID_PARAM"],
    ["./../x", "INVALID_PARAM"],
    ["/etc/passwd", "INVALID_PARAM"],
    ["//server/share", "INVALID_PARAM"],
    ["C:\\Windows\\win.ini", "INVALID_PARAM"],
    ["c:/windows/win.ini", "INVALID_PARAM"],
    ["scripts\\lint.sh", "INVALID_PARAM"],
    ["..\\..\\x", "INVALID_PARAM"],
    ["scripts/lint.sh\0.png", "INVALID_PARAM"],
    ["\0", "INVALID_PARAM"],
    ["%2e%2e/x", "INVALID_PARAM"],
    ["%2E%2E%2Fx", "INVALID_PARAM"],
    ["scripts%2flint.sh", "INVALID_PARAM"],
    ["..%2fx", "INVALID_PARAM"],
    ["%252e%252e/x", "INVALID_PARAM"],
    ["scripts//lint.sh", "INVALID_PARAM"],
    ["scripts/./lint.sh", "INVALID_PARAM"],
    ["scripts/", "INVALID_PARAM"],
    [".", "INVALID_PARAM"],
    ["a/\nb", "INVALID_PARAM"],
    ["x".repeat(2000), "INVALID_PARAM"],
    [null, "INVALID_PARAM"],
    [undefined, "INVALID_PARAM"],
    [42, "INVALID_PARAM"],
    [{ toString: () => "scripts/lint.sh" }, "INVALID_PARAM"],
    [["scripts/lint.sh"], "INVALID_PARAM"],
    ["SKILL.md", "NOT_FOUND"],
    ["__proto__", "NOT_FOUND"],
    ["constructor", "NOT_FOUND"],
    ["hasOwnProperty", "NOT_FOUND"],
    ["scripts/LINT.SH", "NOT_FOUND"],
    ["．．/x", "NOT_FOUND"],
    ["~/.ssh/id_rsa", "NOT_FOUND"],
    ["scripts", "NOT_FOUND"],
    ["...", "NOT_FOUND"],
    ["scripts/lint.sh ", "NOT_FOUND"],
  ];
  it.each(HOSTILE)("refuses %j with %s", (p, c) => {
    expect(code(() => skills.file("review-diff", p as string))).toBe(c);
  });
  it("has at least 30 hostile paths, all refused through call too", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
    for (const [p] of HOSTILE) {
      const r = skills.call("read_skill_file", { name: "review-diff", path: p });
      expect(r.isError).toBe(true);
    }
  });
  it("applies permissions", () => {
    expect(code(() => skills.file("secret-tool", "x"))).toBe("PERMISSION_DENIED");
  });
});

describe("search", () => {
  const { skills } = make([
    { name: "pdf", dir: "user/pdf", scope: "user", rank: 1, description: "User PDF helper." },
  ]);
  it("ranks exact path > exact name > prefix > words, ties by rank then path", () => {
    const r = skills.search("pdf");
    expect(r.map((h) => [h.skill.path, h.reason])).toEqual([
      ["user/pdf/SKILL.md", "exact name"],
      ["skills/pdf/SKILL.md", "exact name"],
      ["skills/pdf-forms/SKILL.md", "name prefix"],
    ]);
    expect(skills.search("skills/pdf/SKILL.md")[0]).toMatchObject({ reason: "exact path", score: 4 });
    expect(skills.search("skills/pdf")[0].skill.path).toBe("skills/pdf/SKILL.md");
    const w = skills.search("git diff bugs");
    expect(w[0].skill.name).toBe("review-diff");
    expect(w[0].reason).toMatch(/^words: /);
    expect(w[0].score).toBeGreaterThan(0);
    expect(w[0].score).toBeLessThanOrEqual(1);
  });
  it("filters by scope, limits, excludes hidden and denied", () => {
    expect(skills.search("pdf", { scope: "user" }).map((h) => h.skill.path)).toEqual(["user/pdf/SKILL.md"]);
    expect(skills.search("pdf", { limit: 1 })).toHaveLength(1);
    expect(skills.search("deploy production")).toEqual([]);
    expect(skills.search("secret")).toEqual([]);
    expect(skills.search("   ")).toEqual([]);
  });
});

describe("invoke", () => {
  const { skills } = make();
  it("runs /name args, hidden skills included", () => {
    expect(skills.invoke("/deploy prod")!.content).toBe("Deploy to prod.");
    expect(skills.invoke("  /review-diff  a.ts  ")!.content).toBe("Review a.ts in skills/review-diff.");
    expect(skills.invoke("/pdf")!.content).toBe("Body of pdf.");
  });
  it("returns null for text that is not a skill command", () => {
    expect(skills.invoke("review this")).toBeNull();
    expect(skills.invoke("/usr/bin/env")).toBeNull();
    expect(skills.invoke("/unknown x")).toBeNull();
    expect(skills.invoke("")).toBeNull();
  });
  it("refuses user-invocable: false and denied skills", () => {
    expect(code(() => skills.invoke("/helper"))).toBe("NOT_INVOCABLE");
    expect(code(() => skills.invoke("/secret-tool"))).toBe("PERMISSION_DENIED");
  });
});

describe("match", () => {
  const { skills } = make([{ name: "bad-pattern", triggers: { keywords: [], verbs: [], patterns: ["(unclosed"] } }]);
  it("ranks explicit mention > phrase > pattern", () => {
    const r = skills.match("Use pdf-forms after the code review of PR #42", { max: 5 });
    // "pdf" is a keyword of pdf, and `-` is a word boundary
    expect(r.map((h) => [h.skill.name, h.score, h.reason])).toEqual([
      ["pdf-forms", 3, "mentions pdf-forms"],
      ["pdf", 2, 'phrase "pdf"'],
      ["review-diff", 2, 'phrase "code review"'],
    ]);
    expect(skills.match("see PR #7")[0]).toMatchObject({ score: 1, reason: "pattern /\\bPR #\\d+/" });
    expect(skills.match("/pdf now")[0]).toMatchObject({ score: 3, reason: "mentions /pdf" });
  });
  it("matches at word boundaries only, case-insensitively", () => {
    expect(skills.match("a pdfx file")).toEqual([]);
    expect(skills.match("PREVIEW")).toEqual([]);
    expect(skills.match("REVIEW it")[0].skill.name).toBe("review-diff");
  });
  it("never matches hidden or denied skills; ignores bad patterns", () => {
    expect(skills.match("deploy secret-tool (unclosed")).toEqual([]);
  });
});

describe("catalog / tools", () => {
  const { skills } = make();
  it("renders the visible skills", () => {
    expect(skills.catalog()).toBe(
      [
        "- explore: Explore the codebase in a subagent.",
        "- helper: Background knowledge only.",
        "- pdf: Extract text and tables from PDF files.",
        "- pdf-forms: Fill PDF forms.",
        "- review-diff: Review a git diff for bugs and style problems.",
      ].join("\n"),
    );
    expect(skills.catalog({ format: "xml" })).toMatch(/^<available_skills>\n<skill>\n<name>\nexplore\n<\/name>/);
    expect(createSkills(bundle([]).data).catalog()).toBe("");
  });
  it("the catalog kept from the last call is the one asked for: each format and budget as a store of its own renders it", () => {
    const asks = [{}, { format: "xml" as const }, { budget: 60 }, {}, { budget: 60 }, { format: "json" as const, budget: 60 }, { format: "xml" as const }, { budget: 1e9 }, {}];
    const fresh = asks.map((a) => make().skills.catalog(a));
    expect(asks.map((a) => skills.catalog(a))).toEqual(fresh);
    // The asks give distinct catalogs, so a stale one would show above.
    expect(new Set(fresh).size).toBe(4);
  });
  it("defines the three tools in each SDK's shape, with the catalog in load_skill", () => {
    const o = skills.tools({ format: "openai" });
    expect(o.map((t) => t.function.name)).toEqual(["load_skill", "search_skills", "read_skill_file"]);
    expect(o[0].type).toBe("function");
    expect(o[0].function.description).toContain("- pdf-forms: Fill PDF forms.");
    expect(o[0].function.description).not.toContain("deploy");
    const a = skills.tools({ format: "anthropic" });
    expect(a[1]).toEqual({ name: "search_skills", description: expect.any(String), input_schema: expect.objectContaining({ type: "object", required: ["query"] }) });
    const m = skills.tools({ format: "mcp" });
    expect(m[2].inputSchema.required).toEqual(["name", "path"]);
    expect(skills.tools()).toEqual(m);
  });
});

describe("call never throws", () => {
  const { skills } = make();
  const err = (tool: string, input: unknown, re: RegExp, c: string) => {
    const r = skills.call(tool, input);
    expect(r.isError).toBe(true);
    expect(r.content[0].type).toBe("text");
    expect(r.content[0].text).toMatch(re);
    expect(r.structuredContent).toEqual({ code: c });
  };
  it("loads, searches and reads", () => {
    const r = skills.call("load_skill", { name: "review-diff", args: "x.ts" });
    expect(r.isError).toBeUndefined();
    expect(r.content[0].text).toContain("Review x.ts in skills/review-diff.");
    expect(r.structuredContent).toEqual({ skill_id: "skills/review-diff/SKILL.md", name: "review-diff", path: "skills/review-diff/SKILL.md" });
    expect(skills.call("load_skill", '{"path":"skills/pdf/SKILL.md"}').content[0].text).toContain("Body of pdf.");
    expect(skills.call("search_skills", { query: "pdf", limit: 1 }).content[0].text).toBe("- pdf (skills/pdf/SKILL.md): Extract text and tables from PDF files.");
    expect(skills.call("read_skill_file", { name: "review-diff", path: "references/style.md" }).content[0].text).toBe("# Style\n");
    expect(skills.call("read_skill_file", { name: "review-diff", path: "assets/logo.png" }).content[0].text).toMatch(/^Binary file \(8 bytes\)/);
    const f = skills.call("load_skill", { name: "explore", args: ["auth"] });
    expect(f.structuredContent).toMatchObject({ context: "fork", agent: "Explore", task: "Map the code for auth." });
  });
  it("returns actionable errors", () => {
    err("load_skill", {}, /Missing skill name/, "INVALID_PARAM");
    err("load_skill", "not json", /JSON object/, "INVALID_PARAM");
    err("load_skill", [1], /JSON object/, "INVALID_PARAM");
    err("load_skill", { name: "nope" }, /No skill "nope"\. .*search_skills/, "NOT_FOUND");
    err("load_skill", { name: "deploy" }, /No skill "deploy"/, "NOT_FOUND");
    err("load_skill", { name: "secret-tool" }, /not permitted/, "PERMISSION_DENIED");
    err("search_skills", {}, /Missing query/, "INVALID_PARAM");
    err("read_skill_file", { name: "pdf", path: "x.md" }, /has no file "x.md"\. Its files: none/, "NOT_FOUND");
    err("read_skill_file", { name: "review-diff", path: "nope" }, /Its files: assets\/logo.png, references\/style.md, scripts\/lint.sh/, "NOT_FOUND");
    err("read_skill_file", { name: "deploy", path: "x" }, /No skill "deploy"/, "NOT_FOUND");
    err("frobnicate", {}, /Unknown tool "frobnicate"; use load_skill, search_skills, read_skill_file/, "NOT_FOUND");
    err("load_skill", { name: "pdf", args: { a: 1 } }, /args must be a string/, "INVALID_PARAM");
  });
  it("turns unexpected failures into EXECUTION_ERROR", () => {
    const b = bundle([{ name: "boom" }]);
    b.data.skills[0].payload = () => {
      throw new Error("disk on fire");
    };
    const r = createSkills(b.data).call("load_skill", { name: "boom" });
    expect(r).toEqual({ content: [{ type: "text", text: "Skill tool failed: disk on fire" }], structuredContent: { code: "EXECUTION_ERROR" }, isError: true });
  });
});

describe("session", () => {
  it("returns a reminder for a repeated, unchanged load (also through call) and not across sessions", () => {
    const { skills } = make();
    const s = skills.session();
    expect(s.load("pdf").text).toContain("Body of pdf.");
    const again = s.load("pdf");
    expect(again.repeated).toBe(true);
    expect(again.text).toBe('Skill "pdf" is already loaded above, unchanged: follow it; no need to load it again.');
    expect(s.call("load_skill", { name: "pdf" }).content[0].text).toMatch(/already loaded above/);
    expect(s.load("pdf", "other args").text).toContain("Body of pdf.");
    expect(skills.session().load("pdf").text).toContain("Body of pdf.");
    expect(skills.load("pdf").repeated).toBeUndefined();
    expect(skills.load("pdf").repeated).toBeUndefined();
  });
  it("reloads a skill whose hash changed", () => {
    const a = bundle([{ name: "x", hash: "1" }]), b = bundle([{ name: "x", hash: "2" }]);
    const seen = createSkills(a.data).session();
    seen.load("x");
    // Same session state cannot span bundles; simulate by editing the hash in place.
    a.data.skills[0].hash = "2";
    expect(seen.load("x").repeated).toBeUndefined();
    expect(b.data.skills[0].hash).toBe("2");
  });
});

describe("disclose", () => {
  const { skills } = make();
  it("serves each tier", () => {
    expect(skills.disclose("none")).toBe("");
    expect(skills.disclose("breadcrumb")).toBe("5 skills available: find one with search_skills, load it with load_skill.");
    expect(skills.disclose("registry")).toBe(
      ["- explore: Does explore.", "- helper: Does helper.", "- pdf: Does pdf.", "- pdf-forms: Does pdf-forms.", "- review-diff: Does review-diff."].join("\n"),
    );
    const full = skills.disclose("full", "extract the pdf");
    expect(full.startsWith(skills.disclose("registry") + "\n\nBase directory for this skill: skills/pdf\n\nBody of pdf.")).toBe(true);
    expect(createSkills(bundle([]).data).disclose("breadcrumb")).toBe("");
  });
});

describe("permissions", () => {
  it("allow and deny globs apply everywhere; deny wins", () => {
    const b = bundle([{ name: "a-one" }, { name: "a-two", hidden: true }, { name: "b-one" }], { permissions: { allow: ["a-*"], deny: [] } });
    const s = createSkills(b.data, { deny: ["a-two"] });
    expect(s.list().map((x) => x.name)).toEqual(["a-one"]);
    expect(code(() => s.load("b-one"))).toBe("PERMISSION_DENIED");
    expect(code(() => s.invoke("/a-two"))).toBe("PERMISSION_DENIED");
    expect(s.search("one").map((h) => h.skill.name)).toEqual(["a-one"]);
    expect(s.catalog()).toBe("- a-one: Does a-one things.");
    const all = createSkills(b.data, { allow: [] });
    expect(all.list().map((x) => x.name)).toEqual(["a-one", "b-one"]);
  });
});
