// Property tests: mutated real SKILL.md files and random folder trees through lint and build.
// No throw, no hang (per-test timeout), and every rejected input carries an error diagnostic whose
// line and column are ≥ 1. Outside the root sits a file holding a marker; symlinks in the trees point
// at it, and no output may contain it. A failing input is saved to regressions/new-*.json.
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { Recorder, cleanupTmp, rejectionProblems, runBoth, tmp, type Run } from "./helpers.js";
import { applyMutations, encodeFile, loadRegressions, loadSeeds, mutationArb, saveRegression, type CaseFile, type RegressionCase } from "./corpus.js";

const rec = new Recorder("fuzz");
afterAll(() => {
  rec.write();
  cleanupTmp();
});

const SEED = 0x5ec0de;
const MARKER = "OUTSIDE-MARKER-7f3a9c";
const base = tmp("skillc-fuzz-");
const outside = path.join(base, "outside");
mkdirSync(outside, { recursive: true });
writeFileSync(path.join(outside, "secret.txt"), `${MARKER}\n`);
writeFileSync(path.join(outside, "SKILL.md"), `---\nname: outside\ndescription: ${MARKER}\n---\n${MARKER}\n`);
let counter = 0;

/** Writes a case into a fresh project folder; returns its path. */
function materialize(files: Record<string, CaseFile>): string {
  const dir = path.join(base, `p${++counter}`);
  mkdirSync(dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, ...rel.split("/"));
    try {
      mkdirSync(path.dirname(abs), { recursive: true });
      if (typeof content === "string") writeFileSync(abs, content);
      else if ("b64" in content) writeFileSync(abs, Buffer.from(content.b64, "base64"));
      else symlinkSync(content.symlink.replace("$OUTSIDE", outside), abs);
    } catch {
      /* a path that cannot exist here (a file where a folder is): skip it */
    }
  }
  return dir;
}

function outputsContain(run: Run, needle: string): string[] {
  const hits: string[] = [];
  for (const [name, content] of run.build.files ?? []) {
    const text = typeof content === "string" ? content : Buffer.from(content).toString("latin1");
    if (text.includes(needle)) hits.push(name);
  }
  return hits;
}

/** One case through lint and build; returns the problems found (empty: fine). Counts into `category`. */
async function check(category: string, c: RegressionCase): Promise<string[]> {
  rec.tried(category);
  const dir = materialize(c.files);
  let run: Run;
  try {
    run = await runBoth(dir, { ...(c.config as object), outDir: ".skillc" });
  } catch (e) {
    rec.crash(category);
    return [`threw: ${(e as Error)?.stack ?? String(e)}`];
  }
  const problems = rejectionProblems(run);
  if (!run.build.written) rec.rejected(category);
  const leaked = outputsContain(run, MARKER);
  if (leaked.length) {
    rec.escape(category);
    problems.push(`outside content leaked into ${leaked.join(", ")}`);
  }
  // On disk too, when written.
  if (run.build.written) {
    for (const f of readdirSync(run.build.outDir)) {
      if (f.endsWith(".js") || f.endsWith(".json") || f.endsWith(".xml") || f.endsWith(".md")) {
        if (readFileSync(path.join(run.build.outDir, f), "latin1").includes(MARKER)) problems.push(`outside content in ${f} on disk`);
      }
    }
  }
  if (c.expect?.rejected !== undefined && c.expect.rejected !== !run.build.written) problems.push(`expected rejected=${c.expect.rejected}`);
  for (const rule of c.expect?.rules ?? []) {
    if (![...run.lintDiagnostics, ...run.build.diagnostics].some((d) => d.ruleId === rule)) problems.push(`expected a ${rule} diagnostic`);
  }
  return problems;
}

/** Runs a property; a counterexample is saved as a regression before the test fails. */
async function property<T>(arb: fc.Arbitrary<T>, toCase: (t: T) => RegressionCase, category: string, numRuns: number, seed = SEED): Promise<void> {
  const result = await fc.check(
    fc.asyncProperty(arb, async (t) => {
      const c = toCase(t);
      const problems = await check(category, c);
      if (problems.length) throw new Error(problems.join("\n"));
    }),
    { seed, numRuns },
  );
  if (result.failed) {
    const c = toCase(result.counterexample![0]);
    const saved = saveRegression({ ...c, description: `${category}: ${String(result.errorInstance).slice(0, 300)}` });
    expect.fail(`${fc.defaultReportMessage(result)}\nsaved to ${saved}`);
  }
}

const configArb = fc.record({
  profile: fc.constantFrom("skillc", "agentskills", "claude-code", "codex"),
  // Off half the time, so that seeds without their supporting files can still be accepted.
  rules: fc.constantFrom({}, { "link-missing-file": "off" }),
});

describe("mutated SKILL.md files", () => {
  const seeds = loadSeeds();

  it("corpus seeds unmutated: no crash, every rejection has a positioned diagnostic", async () => {
    // Every seed once, a few per project (cheap: one lint + one build per batch).
    const problems: string[] = [];
    for (let i = 0; i < seeds.length; i += 8) {
      const files: Record<string, CaseFile> = {};
      for (const s of seeds.slice(i, i + 8)) files[`skills/${s.folder}-${i}/${s.folder}/SKILL.md`] = encodeFile(s.bytes);
      const p = await check("fuzz: corpus as-is", { description: "seed batch", files, config: { rules: { "link-missing-file": "off" } } });
      problems.push(...p.map((x) => `batch ${i}: ${x}`));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("1–6 mutations near the frontmatter (flip, insert ---, ': ', tabs, quotes, NUL, truncate, …)", async () => {
    const arb = fc.record({
      seed: fc.integer({ min: 0, max: seeds.length - 1 }),
      muts: fc.array(mutationArb, { minLength: 1, maxLength: 6 }),
      config: configArb,
    });
    await property(
      arb,
      ({ seed, muts, config }) => {
        const s = seeds[seed]!;
        return { description: `mutated ${s.from}`, files: { [`skills/${s.folder}/SKILL.md`]: encodeFile(applyMutations(s.bytes, muts, true)) }, config };
      },
      "fuzz: mutated SKILL.md",
      300,
    );
  }, 120_000);

  it("mutations anywhere in the file (body included)", async () => {
    const arb = fc.record({
      seed: fc.integer({ min: 0, max: seeds.length - 1 }),
      muts: fc.array(mutationArb, { minLength: 1, maxLength: 10 }),
      config: configArb,
    });
    await property(
      arb,
      ({ seed, muts, config }) => {
        const s = seeds[seed]!;
        return { description: `mutated ${s.from}`, files: { [`skills/${s.folder}/SKILL.md`]: encodeFile(applyMutations(s.bytes, muts, false)) }, config };
      },
      "fuzz: mutated SKILL.md",
      200,
      SEED + 1,
    );
  }, 120_000);

  it("random bytes and random text as SKILL.md", async () => {
    const arb = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc.string({ unit: "binary", maxLength: 300 }).map((s) => new TextEncoder().encode(s)),
      fc
        .array(fc.constantFrom("---", "name: x", "description: y", "a: b: c", "\t- z", '"', "'", "...", "", "  k: v", "- [", "{", "&a x", "*a", "<<: *a", "# c"), { maxLength: 12 })
        .map((ls) => new TextEncoder().encode(ls.join("\n"))),
    );
    await property(arb, (bytes) => ({ description: "random", files: { "skills/x/SKILL.md": encodeFile(bytes) } }), "fuzz: random SKILL.md", 250, SEED + 2);
  }, 120_000);
});

describe("random folder trees", () => {
  const segment = fc.constantFrom(
    "a", "b", "pdf-tools", "scripts", "references", ".hidden", "node_modules", ".git", "a b", "ünï", "e\u0301", "\u00e9", "A", "CON", "x.md", "...", "-",
    "SKILL.md", "skill.md", "Skill.MD", "deep",
  );
  const content = fc.oneof(
    fc.constant<CaseFile>("---\nname: a\ndescription: A skill.\n---\nBody [r](references/x.md)\n"),
    fc.constant<CaseFile>("---\ndescription: No name.\n---\nBody\n"),
    fc.constant<CaseFile>("---\nname: b\ndescription: Uses: a colon\n---\n"),
    fc.constant<CaseFile>("---\nname: [a]\n---\n"),
    fc.constant<CaseFile>({ symlink: "$OUTSIDE/secret.txt" }),
    fc.constant<CaseFile>({ symlink: "$OUTSIDE/SKILL.md" }),
    fc.constant<CaseFile>({ symlink: "$OUTSIDE" }),
    fc.constant<CaseFile>({ symlink: ".." }),
    fc.constant<CaseFile>({ symlink: "../.." }),
    fc.constant<CaseFile>({ symlink: "." }),
    fc.constant<CaseFile>({ symlink: "/etc/passwd" }),
    fc.constant<CaseFile>({ symlink: "missing-target" }),
    fc.uint8Array({ maxLength: 64 }).map((b) => encodeFile(b)),
    fc.string({ maxLength: 40 }),
  );
  const tree = fc.dictionary(
    fc.array(segment, { minLength: 1, maxLength: 5 }).map((segs) => "skills/" + segs.join("/")),
    content,
    { maxKeys: 14 },
  );

  it("lint and build never throw or read outside the root", async () => {
    await property(tree, (files) => ({ description: "random tree", files }), "fuzz: random trees", 200, SEED + 3);
  }, 120_000);
});

describe("regressions corpus (test/hostile/regressions/*.json)", () => {
  const cases = loadRegressions();
  it("has cases", () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases)("%s", async (_file, c) => {
    expect(await check("fuzz: regressions", c)).toEqual([]);
  });
});
