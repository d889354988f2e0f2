// The run-level ReDoS check of trigger patterns (src/pipeline/trigger-checks.ts): recheck's cost is
// not bounded by a pattern's length (a 186-character pattern of three literal runs joined by `.*`
// ran 10 minutes into V8's out-of-memory abort), so a run sends it a bounded count of patterns,
// each with a time limit, and keeps the verdicts it finished between runs.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lint } from "../../../src/project/api.js";
import { lintRun } from "../../../src/project/lint.js";
import { Reporter } from "../../../src/diagnostics/reporter.js";
import { checkTriggerPatterns, RECHECK_TIME_LIMIT_MS } from "../../../src/pipeline/trigger-checks.js";
import type { KeptVerdict, RegexVerdictStore } from "../../../src/pipeline/analysis-store.js";
import { needsRecheck, recheckTriggerRegex, screenTriggerRegex, NEEDS_RECHECK } from "../../../src/pipeline/frontmatter/trigger-regex.js";
import { tempProject } from "../../helpers/project.js";
import { RegexVerdictCache } from "../../../src/cache/regex-verdicts.js";
import { cacheKey, readRecordFile, writeRecordFile } from "../../../src/cache/signed-file.js";

const skill = (name: string, patterns: string[]) =>
  `---\nname: ${name}\ndescription: Does ${name} things. Use when the user asks about ${name}.\ntriggers:\n  patterns:\n${patterns.map((p) => `    - '${p}'`).join("\n")}\n---\n\n# ${name}\n\nBody.\n`;

/** Three literal runs joined by `.*`: recheck did not finish it in 10 minutes (out of memory). */
const HOSTILE = `${"w".repeat(60)}.*${"x".repeat(60)}.*${"y".repeat(50)}`;
// Patterns the fast checks send to recheck, which it decides in well under a second.
const SLOW_OK = ["(ab|cd)+x", "x(a|b)+y", "(ef|gh)+z"];

/** recheckTriggerRegex, counting the patterns that reach it. */
function counting() {
  const calls: string[] = [];
  const recheck: typeof recheckTriggerRegex = (source, limit) => {
    calls.push(source);
    return recheckTriggerRegex(source, limit);
  };
  return { calls, recheck };
}

class MapStore implements RegexVerdictStore {
  readonly map = new Map<string, KeptVerdict>();
  get(source: string) {
    return this.map.get(source);
  }
  set(source: string, v: KeptVerdict) {
    this.map.set(source, v);
  }
  async save() {}
}

async function analysesOf(tree: Record<string, string>) {
  // The rule off: the lint itself does not run the pass (the tests run it).
  const run = await lintRun({ cwd: tempProject(tree), cache: false, rules: { "trigger-regex-redos": "off" } });
  return run.analyses;
}
const reporter = new Reporter({ profile: "skillc", settings: {} });

describe("trigger patterns that need recheck", () => {
  it("are the ones the fast checks cannot decide", () => {
    for (const p of [...SLOW_OK, HOSTILE]) expect(screenTriggerRegex(p), p).toBe(NEEDS_RECHECK);
    expect(screenTriggerRegex("\\bdeploy(ing|ed)? (the )?queues?\\b")).toEqual({ ok: true });
  });

  it("are told by needsRecheck as screenTriggerRegex tells them, without compiling the usual shapes", () => {
    // Random strings over the characters that make regex structure (a fixed seed: the same cases every run).
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed);
    const ALPHA = ["a", "b", "(", ")", "|", "*", "+", "?", "{2}", "{1,}", ".", "\\b", "\\d", "[a-z]", "(?:", "^", "$"];
    const cases = [...SLOW_OK, HOSTILE, "\\bdeploy(ing|ed)? (the |a )?queues?\\b", "a+b+c+", "(a+)+"];
    for (let i = 0; i < 3000; i++) cases.push(Array.from({ length: 1 + (next() % 12) }, () => ALPHA[next() % ALPHA.length]).join(""));
    let sent = 0;
    for (const p of cases) {
      const screened = screenTriggerRegex(p) === NEEDS_RECHECK;
      sent += +screened;
      expect(needsRecheck(p), p).toBe(screened);
    }
    expect(sent).toBeGreaterThan(20); // the random cases reach recheck's side too
  });

  it("go to recheck at most runMax a run, the first in skill order; the rest are refused, whatever a cache knows", async () => {
    const analyses = await analysesOf({
      "skills/a-one/SKILL.md": skill("a-one", [SLOW_OK[0]!]),
      "skills/b-two/SKILL.md": skill("b-two", [SLOW_OK[1]!, SLOW_OK[0]!]),
      "skills/c-three/SKILL.md": skill("c-three", [SLOW_OK[2]!]),
    });
    const { calls, recheck } = counting();
    const store = new MapStore();
    const found = await checkTriggerPatterns(analyses, reporter, { runMax: 2, recheck, openStore: async () => store });
    // A pattern met twice is sent once; the third distinct one (c-three's) is over the count.
    expect(calls).toEqual([SLOW_OK[0], SLOW_OK[1]]);
    expect(found.map((d) => [path.basename(path.dirname(d.file)), d.ruleId, d.line])).toEqual([["c-three", "trigger-regex-redos", 6]]);
    expect(found[0]!.message).toContain("this run already sent the 2 patterns it allows there");
    expect([...store.map.keys()].sort()).toEqual([SLOW_OK[0], SLOW_OK[1]]);

    // A second run with the verdicts kept sends nothing to recheck, and still refuses c-three's:
    // which patterns are checked depends on the skills alone.
    const again = counting();
    store.map.set(SLOW_OK[2]!, { verdict: { ok: true }, ms: 1 });
    const second = await checkTriggerPatterns(analyses, reporter, { runMax: 2, recheck: again.recheck, openStore: async () => store });
    expect(again.calls).toEqual([]);
    expect(second).toEqual(found);
  });

  it("get a time limit each: a pattern recheck cannot finish in it is refused, and that refusal is not kept", async () => {
    const direct = recheckTriggerRegex(HOSTILE, 300);
    expect(direct).toMatchObject({ ok: false, kind: "redos", timedOut: true });
    const analyses = await analysesOf({ "skills/hostile/SKILL.md": skill("hostile", [HOSTILE]) });
    const store = new MapStore();
    const found = await checkTriggerPatterns(analyses, reporter, { timeLimitMs: 300, openStore: async () => store });
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain("did not finish analysing it within 0.3 s");
    expect(store.map.size).toBe(0);
  });

  it("share the run's time: once it is spent, a pattern recheck has not decided is refused, saying so", async () => {
    const other = HOSTILE.replace("w", "v");
    const analyses = await analysesOf({ "skills/a-first/SKILL.md": skill("a-first", [HOSTILE]), "skills/b-second/SKILL.md": skill("b-second", [other, SLOW_OK[0]!]) });
    const { calls, recheck } = counting();
    const found = await checkTriggerPatterns(analyses, reporter, { timeLimitMs: 300, runTimeMs: 450, recheck });
    // The first gets its 0.3 s; the second what is left of the run's 0.45 s (none, if the first ran
    // over: recheck looks at its clock now and then); the third is not sent.
    expect(calls[0]).toBe(HOSTILE);
    expect(calls).not.toContain(SLOW_OK[0]);
    const said = found.map((d) => d.message.match(/within 0\.3 s|what was left of this run's 0\.45 s|this run's 0\.45 s of it were spent/)?.[0]);
    expect(said[0]).toBe("within 0.3 s");
    expect(["what was left of this run's 0.45 s", "this run's 0.45 s of it were spent"]).toContain(said[1]);
    expect(said[2]).toBe("this run's 0.45 s of it were spent");
  });

  it("charge a kept verdict's recorded cost to the run's time, so a rebuild refuses what the first run refused", async () => {
    const analyses = await analysesOf({ "skills/a-first/SKILL.md": skill("a-first", [SLOW_OK[0]!]), "skills/b-second/SKILL.md": skill("b-second", [SLOW_OK[1]!]) });
    const store = new MapStore();
    // As a first run would have left it, had recheck taken 500 ms on a-first's pattern.
    store.map.set(SLOW_OK[0]!, { verdict: { ok: true }, ms: 500 });
    const { calls, recheck } = counting();
    const found = await checkTriggerPatterns(analyses, reporter, { runTimeMs: 450, recheck, openStore: async () => store });
    expect(calls).toEqual([]);
    expect(found.map((d) => [path.basename(path.dirname(d.file)), d.message.includes("this run's 0.45 s of it were spent")])).toEqual([["b-second", true]]);
  });

  it("open no verdict store when no pattern needs recheck, and none at all with the rule off", async () => {
    const analyses = await analysesOf({ "skills/plain/SKILL.md": skill("plain", ["\\bdeploy\\b"]), "skills/slow/SKILL.md": skill("slow", [SLOW_OK[0]!]) });
    let opened = 0;
    const openStore = async () => (opened++, new MapStore());
    await checkTriggerPatterns(analyses.slice(0, 1), reporter, { openStore });
    expect(opened).toBe(0);
    const { calls, recheck } = counting();
    const off = new Reporter({ profile: "skillc", settings: { "trigger-regex-redos": "off" } });
    expect(await checkTriggerPatterns(analyses, off, { openStore, recheck })).toEqual([]);
    expect([opened, calls.length]).toEqual([0, 0]);
  });

  it("in a lint: the hostile pattern is an error within the time limit (not an out-of-memory abort), and a finished verdict is kept in the cache", async () => {
    const cwd = tempProject({ "skills/hostile/SKILL.md": skill("hostile", [HOSTILE]), "skills/fine/SKILL.md": skill("fine", [SLOW_OK[0]!]) });
    const report = await lint({ cwd, cache: true });
    const ds = report.results.flatMap((r) => r.diagnostics);
    expect(ds.map((d) => d.ruleId)).toEqual(["trigger-regex-redos"]);
    expect(ds[0]!.message).toContain(`within ${RECHECK_TIME_LIMIT_MS / 1000} s`);
    expect(existsSync(path.join(cwd, "node_modules/.cache/skillc/regex-verdicts-v1.json"))).toBe(true);
  }, 60_000);
});

describe("the kept verdicts (cache/regex-verdicts.ts)", () => {
  it("come back for the same skillc and recheck versions only, and keep only what a run used", async () => {
    const root = tempProject({});
    const first = await RegexVerdictCache.open(root, "4.5.0");
    first.set("(ab|cd)+x", { verdict: { ok: true }, ms: 30 });
    first.set("(a|b|ab)*c", { verdict: { ok: false, kind: "redos", reason: "exponential" }, ms: 700 });
    await first.save();
    const second = await RegexVerdictCache.open(root, "4.5.0");
    expect(second.get("(a|b|ab)*c")).toEqual({ verdict: { ok: false, kind: "redos", reason: "exponential" }, ms: 700 });
    expect(await (await RegexVerdictCache.open(root, "4.6.0")).get("(a|b|ab)*c")).toBeUndefined();
    // The second run used one verdict: the file keeps that one.
    await second.save();
    const third = await RegexVerdictCache.open(root, "4.5.0");
    expect([third.get("(ab|cd)+x"), third.get("(a|b|ab)*c")]).toEqual([undefined, { verdict: { ok: false, kind: "redos", reason: "exponential" }, ms: 700 }]);
  });

  it("are misses when a stored verdict has another shape (no cost, a cost past any check, more keys, another kind)", async () => {
    const root = tempProject({});
    const good = await RegexVerdictCache.open(root, "4.5.0");
    good.set("(ab|cd)+x", { verdict: { ok: true }, ms: 30 });
    await good.save();
    const file = path.join(root, "node_modules/.cache/skillc/regex-verdicts-v1.json");
    const read = await readRecordFile(file, cacheKey());
    const header = { ...read!.header, verdicts: { a: { ok: true }, b: { ok: true, ms: 1e9 }, c: { ok: true, ms: 5, extra: 1 }, d: { ok: false, kind: "invalid", reason: "x", ms: 5 }, e: { ok: true, ms: 5 } } };
    await writeRecordFile(file, cacheKey(), header, []);
    const again = await RegexVerdictCache.open(root, "4.5.0");
    expect(["a", "b", "c", "d", "e"].map((k) => again.get(k))).toEqual([undefined, undefined, undefined, undefined, { verdict: { ok: true }, ms: 5 }]);
  });
});
