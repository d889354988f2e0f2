// Paths: the build never reads outside its roots (symlinks to /etc/passwd, to a parent, out of the
// root, loops; the outside files hold a marker that must not appear in any output byte); names that
// differ only by case or Unicode normalization are clashes; and the built runtime's file() and the
// read_skill_file tool refuse every escape in a table of hostile paths.
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Recorder, cleanupTmp, importBundle, rejectionProblems, runBoth, skillMd, tmp, writeTree, type Run } from "./helpers.js";

const rec = new Recorder("paths");
afterAll(() => {
  rec.write();
  cleanupTmp();
});

const MARKER = "OUTSIDE-MARKER-c41d2e";
const PASSWD = existsSync("/etc/passwd") ? readFileSync("/etc/passwd", "utf8").split("\n")[0]! : "";

function outputBytes(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(readFileSync(p, "latin1"));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.join("\n");
}

function leaks(run: Run, outDir: string): string[] {
  const found: string[] = [];
  const inMemory = [...(run.build.files ?? new Map()).values()].map((c) => (typeof c === "string" ? c : Buffer.from(c).toString("latin1"))).join("\n");
  for (const [label, text] of [["memory", inMemory], ["disk", outputBytes(outDir)]] as const) {
    if (text.includes(MARKER)) found.push(`${label}: marker`);
    if (PASSWD && text.includes(PASSWD)) found.push(`${label}: /etc/passwd`);
  }
  return found;
}

describe("symlinks never lead the build outside its roots", () => {
  const cases: Array<[string, (root: string, outside: string) => void]> = [
    ["file link to /etc/passwd", (r) => symlinkSync("/etc/passwd", path.join(r, "skills/a/passwd.txt"))],
    ["file link to an outside file", (r, o) => symlinkSync(path.join(o, "secret.txt"), path.join(r, "skills/a/secret.txt"))],
    ["relative file link out of the root", (r) => symlinkSync("../../../outside/secret.txt", path.join(r, "skills/a/rel.txt"))],
    ["folder link to the parent folder", (r) => symlinkSync("..", path.join(r, "skills/a/up"))],
    ["folder link to the project folder", (r) => symlinkSync("../../..", path.join(r, "skills/a/top"))],
    ["folder link to an outside folder", (r, o) => symlinkSync(o, path.join(r, "skills/a/out"))],
    ["link loop (self)", (r) => symlinkSync(".", path.join(r, "skills/a/self"))],
    ["link loop (a→b→a)", (r) => (symlinkSync("loop-b", path.join(r, "skills/a/loop-a")), symlinkSync("loop-a", path.join(r, "skills/a/loop-b")))],
    ["skill folder that is a link to an outside skill", (r, o) => symlinkSync(path.join(o, "skill"), path.join(r, "skills/linked"))],
    ["SKILL.md that is a link to an outside SKILL.md", (r, o) => (mkdirSync(path.join(r, "skills/c")), symlinkSync(path.join(o, "skill/SKILL.md"), path.join(r, "skills/c/SKILL.md")))],
    ["SKILL.md that is a link to /etc/passwd", (r) => (mkdirSync(path.join(r, "skills/d")), symlinkSync("/etc/passwd", path.join(r, "skills/d/SKILL.md")))],
    ["root that links to an outside root", (r, o) => (symlinkSync(path.join(o, "root"), path.join(r, "skills/nested-root")))],
    ["nested folder link to the skills root", (r) => (mkdirSync(path.join(r, "skills/a/refs")), symlinkSync("../..", path.join(r, "skills/a/refs/root")))],
    ["dangling link", (r) => symlinkSync("/nonexistent/x", path.join(r, "skills/a/dangling.md"))],
    ["link to a FIFO-like special file", (r) => symlinkSync("/dev/null", path.join(r, "skills/a/null"))],
  ];

  it.each(cases)("%s", async (name, make) => {
    rec.tried("paths: symlinks");
    const root = tmp("skillc-paths-");
    const outside = tmp("skillc-outside-");
    writeTree(outside, {
      "secret.txt": MARKER,
      "skill/SKILL.md": skillMd("linked", MARKER, MARKER),
      "skill/ref.md": MARKER,
      "root/z/SKILL.md": skillMd("z", MARKER, MARKER),
    });
    writeTree(root, { "skills/a/SKILL.md": skillMd("a", "A skill.", "Read [r](references/r.md)."), "skills/a/references/r.md": "ok" });
    make(root, outside);
    const run = await rec.guard("paths: symlinks", () => runBoth(root));
    expect(rejectionProblems(run)).toEqual([]);
    const leaked = leaks(run, path.join(root, ".skillc"));
    if (leaked.length) rec.escape("paths: symlinks");
    expect(leaked, name).toEqual([]);
    // Whatever is left out is reported, never dropped silently: a link that leaves the root gets a diagnostic.
    const all = [...run.lintDiagnostics, ...run.build.diagnostics];
    // "rejected" here: the hostile link was refused (left out or the build failed) with a diagnostic.
    if (all.some((d) => /symlink-escape|read-error|special-file|skill-file|binary|frontmatter|invalid-utf8/.test(d.ruleId)) || !run.build.written) rec.rejected("paths: symlinks");
    else console.log(`[paths] ${name}: no diagnostic (${all.map((d) => d.ruleId).join(",") || "none"})`);
    if (/outside|passwd|parent|project/.test(name)) expect(all.length, `${name}: no diagnostic`).toBeGreaterThan(0);
  }, 20_000);
});

describe("names that differ only by case or Unicode normalization clash", () => {
  /** [label, files that must each carry an error, the rules that may, other files written alongside]. */
  const cases: Array<[string, Record<string, string>, string[], Record<string, string>?]> = [
    [
      "NFC vs NFD folder names (no frontmatter name)",
      { "skills/caf\u00e9/SKILL.md": "---\ndescription: One.\n---\nx\n", "skills/cafe\u0301/SKILL.md": "---\ndescription: Two.\n---\nx\n" },
      ["name-clash-normalization", "name-format"],
    ],
    [
      "NFC vs NFD frontmatter names",
      { "skills/one/SKILL.md": "---\nname: caf\u00e9\ndescription: One.\n---\nx\n", "skills/two/SKILL.md": "---\nname: cafe\u0301\ndescription: Two.\n---\nx\n" },
      ["name-clash-normalization", "name-format"],
    ],
    [
      // A folder-derived name obeys the name rules, so "PDF-Tools" is refused on its own (name-format)
      // and "pdf-tools" is a valid skill with nothing to clash with; the build still writes nothing.
      "case-only folder names",
      { "skills/PDF-Tools/SKILL.md": "---\ndescription: Two.\n---\nx\n" },
      ["name-clash-normalization", "name-format"],
      { "skills/pdf-tools/SKILL.md": "---\ndescription: One.\n---\nx\n" },
    ],
    [
      "same frontmatter name in two folders",
      { "skills/one/SKILL.md": "---\nname: pdf-tools\ndescription: One.\n---\nx\n", "skills/two/SKILL.md": "---\nname: pdf-tools\ndescription: Two.\n---\nx\n" },
      ["duplicate-name"],
    ],
    [
      "same name, one nested deeper",
      { "skills/pdf-tools/SKILL.md": "---\ndescription: One.\n---\nx\n", "skills/group/pdf-tools/SKILL.md": "---\ndescription: Two.\n---\nx\n" },
      ["duplicate-name"],
    ],
  ];

  it.each(cases)("%s", async (name, files, rules, others = {}) => {
    rec.tried("paths: name clashes");
    const root = tmp("skillc-clash-");
    writeTree(root, { ...files, ...others });
    for (const profile of ["skillc", "claude-code", "codex"] as const) {
      const run = await rec.guard("paths: name clashes", () => runBoth(root, { profile }));
      expect(rejectionProblems(run)).toEqual([]);
      expect(run.build.written, `${name} (${profile}) must not build`).toBe(false);
      // Every file involved carries an error (a clash, or a name rule that already rejects it).
      for (const file of Object.keys(files)) {
        const errs = run.lintDiagnostics.filter((d) => d.file === file && d.severity === "error");
        expect(errs.map((d) => d.ruleId), `${name} (${profile}): ${file}`).toEqual(expect.arrayContaining([expect.toSatisfy((id: string) => rules.includes(id))]));
      }
    }
    rec.rejected("paths: name clashes");
  });
});

// ---------------------------------------------------------------------------------------------

const HOSTILE_PATHS: unknown[] = [
  "", ".", "./", "..", "../", "../x", "../../etc/passwd", "./../x", "a/../../x", "references/../../b/secret.md", "references/../r.md",
  "references/./r.md", "references//r.md", "references/r.md/", "SKILL.md/../x", "SKILL.md", "/etc/passwd", "/", "//server/share", "\\\\server\\share",
  "\\", "a\\..\\b", "references\\r.md", "..\\x", "C:\\x", "c:/x", "C:", "file:///etc/passwd", "file:references/r.md", "%2e%2e/x", "%2E%2E%2F", "..%2f",
  "%2e%2e%2fb%2fsecret.md", "references%2fr.md", "\u0000", "references/r.md\u0000", "references/r.md\u0000.png", "ref\nerences/r.md", "\t", " ", "..\u0000/x",
  "\uff0e\uff0e/x", "\u2024\u2024/x", "..\u2215x", "\u2025/x", "...", "....//x", ".../x", "~/.ssh/id_rsa", "$HOME/x", "${CLAUDE_SKILL_DIR}/../b/secret.md",
  "x".repeat(5000), "a/".repeat(3000) + "x", "../".repeat(500) + "etc/passwd", "skills/a/../b/secret.md", "skills/b/secret.md", "skills/a/../../etc/passwd",
  "__proto__", "constructor", "hasOwnProperty", "toString", "references/__proto__",
  null, undefined, 42, {}, [], ["references/r.md"], { toString: () => "references/r.md" }, true,
];

describe("the runtime refuses every hostile path", () => {
  let indexJs = "";
  beforeAll(async () => {
    const root = tmp("skillc-rt-");
    writeTree(root, {
      "skills/a/SKILL.md": skillMd("a", "A skill.", "See [r](references/r.md)."),
      "skills/a/references/r.md": "the r file",
      "skills/a/scripts/run.sh": "#!/bin/sh\necho hi\n",
      "skills/b/SKILL.md": skillMd("b", "B skill."),
      "skills/b/secret.md": `B-SECRET ${MARKER}`,
    });
    const run = await runBoth(root);
    expect(rejectionProblems(run)).toEqual([]);
    expect(run.build.written).toBe(true);
    indexJs = path.join(run.build.outDir, "index.js");
  });

  it(`has at least 30 hostile paths (${HOSTILE_PATHS.length})`, () => expect(HOSTILE_PATHS.length).toBeGreaterThanOrEqual(30));

  it.each(HOSTILE_PATHS.map((p, i) => [i, typeof p === "string" ? JSON.stringify(p).slice(0, 60) : String(p), p]))("#%i %s", async (_i, _label, p) => {
    const { skills, SkillError } = await importBundle(indexJs);
    rec.tried("paths: runtime file()/read_skill_file", 2);
    // skills.file: returns the one legitimate file (for equivalent spellings) or throws a SkillError.
    let value: unknown;
    let error: unknown;
    try {
      value = skills.file("a", p as string);
    } catch (e) {
      error = e;
    }
    if (error !== undefined) {
      rec.rejected("paths: runtime file()/read_skill_file");
      if (!(error instanceof SkillError)) rec.crash("paths: runtime file()/read_skill_file");
      expect(error).toBeInstanceOf(SkillError);
      expect(["INVALID_PARAM", "NOT_FOUND"]).toContain((error as { code: string }).code);
    } else {
      // Never anything but skill a's own files.
      if (value !== "the r file" && value !== "#!/bin/sh\necho hi\n") rec.escape("paths: runtime file()/read_skill_file");
      expect(["the r file", "#!/bin/sh\necho hi\n"]).toContain(value);
    }
    // read_skill_file through skills.call: never throws; an isError result unless it served a's own file.
    let result: ReturnType<typeof skills.call> | undefined;
    try {
      result = skills.call("read_skill_file", { name: "a", path: p });
    } catch (e) {
      rec.crash("paths: runtime file()/read_skill_file");
      throw e;
    }
    const text = result.content.map((c) => c.text).join("\n");
    if (text.includes(MARKER) || (PASSWD && text.includes(PASSWD))) rec.escape("paths: runtime file()/read_skill_file");
    expect(text).not.toContain(MARKER);
    if (result.isError) {
      rec.rejected("paths: runtime file()/read_skill_file");
      expect(["INVALID_PARAM", "NOT_FOUND"]).toContain(result.structuredContent?.code);
    } else {
      expect(["the r file", "#!/bin/sh\necho hi\n"]).toContain(text);
    }
    // The legitimate paths are hostile-looking spellings that normalize to a's own files; anything
    // in this table that reaches them must be one of the harmless forms.
    if (error === undefined) expect(["SKILL.md", "references/r.md", "references/./r.md"].includes(String(p)) || /^(\.\/)?references\/r\.md$/.test(String(p)) || String(p) === "skills/a/references/r.md").toBe(true);
  });

  it("refuses escapes through the skill argument too (name as a path)", async () => {
    const { skills } = await importBundle(indexJs);
    for (const ref of ["skills/a/..", "skills/a/../b", "../b", "skills/b/../a", "/skills/a", "skills\\a", "skills/a/references", "a/../b"]) {
      rec.tried("paths: runtime file()/read_skill_file");
      const r = skills.call("read_skill_file", { name: ref, path: "secret.md" });
      expect(r.content[0]!.text).not.toContain(MARKER);
      if (ref.includes("b") && !r.isError) rec.escape("paths: runtime file()/read_skill_file");
      if (r.isError) rec.rejected("paths: runtime file()/read_skill_file");
    }
  });
});
