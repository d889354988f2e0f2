// The build's sandboxed evaluation (src/toolsets/sandbox.ts, evaluate.ts): what the child's flags
// deny on this Node, answers for many entries from one process, and a process that cannot start
// turned into a diagnostic on every entry instead of a crash.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messageOf } from "../../../src/diagnostics/rule.js";
import { evaluateEntries, type Pending } from "../../../src/toolsets/evaluate.js";
import { DEFAULT_LIMITS, runSandbox, sandboxFlags } from "../../../src/toolsets/sandbox.js";
import { CHILD_SOURCE } from "../../../src/toolsets/sandbox-child.js";
import type { CompiledSkill } from "../../../src/types.js";
import { tempProject } from "../../helpers/project.js";

const dir = tempProject({}, "skillc-sandbox-");

const tool = (name: string) => `[{name:${JSON.stringify(name)},description:"d",parameters:{type:"object"},execute(){}}]`;

describe("the sandbox process", () => {
  it("cannot read or write files, spawn processes, start workers or generate code from strings (this Node's flags)", () => {
    const file = path.join(dir, "marker");
    const script = `
const fs = require("fs"), out = [];
const t = (k, f) => { try { f(); out.push(k + ":allowed"); } catch (e) { out.push(k + ":" + (e.code || e.name)); } };
t("read", () => fs.readFileSync("/etc/hostname"));
t("write", () => fs.writeFileSync(${JSON.stringify(file)}, "x"));
t("spawn", () => require("child_process").execFileSync("true"));
t("worker", () => new (require("worker_threads").Worker)("1", { eval: true }));
t("function", () => Function("return 1")());
process.stdout.write(out.join(" "));`;
    const r = spawnSync(process.execPath, [...sandboxFlags(64)!, "-e", script], { env: {}, encoding: "utf8" });
    expect(r.stdout).toBe("read:ERR_ACCESS_DENIED write:ERR_ACCESS_DENIED spawn:ERR_ACCESS_DENIED worker:ERR_ACCESS_DENIED function:EvalError");
  });

  it("answers for every entry of a build from one process, in order, without host globals", async () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({ body: `return ${tool(`t${i}`)}`, file: `s${i}/tools.ts` }));
    entries.push({ body: `return typeof process + typeof require + typeof fetch + typeof setTimeout + typeof TextEncoder`, file: "x.ts" });
    const { answers, stop } = await runSandbox(entries);
    expect(stop).toBeUndefined();
    expect(answers.slice(0, 20)).toEqual(entries.slice(0, 20).map((_, i) => ({ tools: [`t${i}`] })));
    expect(answers[20]).toEqual({ kind: "not-array", what: "a string" });
  });

  it("reports a thrown value whose message getter throws, without crashing", async () => {
    const { answers } = await runSandbox([{ body: `throw { get message() { throw new Error("no") } }`, file: "x.ts" }]);
    expect(answers).toEqual([{ kind: "threw", error: "[object Object]" }]);
  });

  it("reads each tool's name once: a getter cannot pass the check with one value and answer with another (red-team finding)", async () => {
    // Second read: an object whose toJSON writes any JSON value (a 70 KB name with ESC, or a number that crashed the build).
    const body = (v: string) =>
      `let n = 0; return [{ get name() { n++; return n === 2 ? { length: 0, toJSON() { return ${v}; } } : "ok"; }, description: "d", parameters: { type: "object" }, execute() {} }];`;
    const { answers, stop } = await runSandbox([
      { body: body(`"bad \\u001b[31m" + "x".repeat(70000)`), file: "a.ts" },
      { body: body("42"), file: "b.ts" },
    ]);
    expect(stop).toBeUndefined();
    expect(answers).toEqual([{ tools: ["ok"] }, { tools: ["ok"] }]);
  });

  it("checks the child's answers again: a forged line (a bad or repeated name, a wrong type) stops the check as a crash (red-team finding)", async () => {
    const forged = [
      `{"tools":["bad name"]}`,
      `{"tools":[42]}`,
      `{"tools":["a","a"]}`,
      `{"tools":"a"}`,
      `{"kind":"threw","error":{"x":1}}`,
      `{"kind":"threw","error":"${"x".repeat(5000)}"}`,
      `{"kind":"invalid","tool":-1,"problem":"name"}`,
      `{"kind":"invalid","tool":0,"problem":"other"}`,
      `{"kind":"duplicate","name":"\\u001b[2J"}`,
      `{"kind":"other"}`,
      `[{"tools":["a"]}]`,
    ];
    for (const line of forged) {
      // Stands in for a child whose realm the toolset took over: it writes what it likes.
      const fake = path.join(dir, "fake-node");
      writeFileSync(fake, `#!/bin/sh\nprintf '%s\\n' '{"tools":["fine"]}' '${line}' '{"done":true}'\n`);
      chmodSync(fake, 0o755);
      const { answers, stop } = await runSandbox([{ body: "", file: "a.ts" }], { ...DEFAULT_LIMITS, execPath: fake });
      expect(answers, line).toEqual([{ tools: ["fine"] }]);
      expect(stop, line).toEqual({ reason: "crash", detail: "the check process gave an answer that is not valid" });
    }
  });

  it("the child ends itself when its budget is over, with no parent to kill it: a loop, a getter loop, a promise loop, Atomics.wait (red-team finding)", async () => {
    // Before: a build killed by SIGTERM or SIGKILL left its check process spinning at 100% CPU for good.
    const spins = [
      "for (;;) {}",
      "return [{ get name() { for (;;) {} } }]",
      "(async () => { for (;;) await 0; })(); return []",
      "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return []",
    ];
    for (const body of spins) {
      // Started as runSandbox starts it, with a 300 ms budget, and never killed by this test.
      const child = spawn(process.execPath, [...sandboxFlags(64)!, "-e", CHILD_SOURCE, "300"], { env: {}, stdio: ["pipe", "pipe", "ignore"] });
      let stdout = "";
      child.stdout.on("data", (d: Buffer) => void (stdout += d));
      child.stdin.end(JSON.stringify([{ body: `return ${tool("first")}`, file: "a.ts" }, { body, file: "b.ts" }]));
      // Only so that a child that never ends (as before) fails this test instead of outliving it.
      const stop = setTimeout(() => child.kill("SIGKILL"), 5000);
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      clearTimeout(stop);
      expect(code, body).toBe(124);
      expect(stdout, body).toBe(JSON.stringify({ tools: ["first"] }) + "\n");
    }
  }, 30_000);

  it("a limit past what timers take (SKILLC_TOOLSET_TIMEOUT_MS=10000000000) still answers", async () => {
    // Before: setTimeout fired at once (over 2^31-1 ms) and the child's vm watchdog refused it.
    const { answers, stop } = await runSandbox([{ body: `return ${tool("t")}`, file: "a.ts" }], { ...DEFAULT_LIMITS, timeoutMs: 1e10 });
    expect(stop).toBeUndefined();
    expect(answers).toEqual([{ tools: ["t"] }]);
  });

  it("a process that cannot start is a toolset-sandbox-failed diagnostic on every entry", async () => {
    const reports: Array<[string, string]> = [];
    const pending: Pending[] = ["a:A", "b:B"].map((spec, index) => ({
      skill: { source: { dir: "skills/x", file: "skills/x/SKILL.md" } } as unknown as CompiledSkill,
      index,
      spec,
      file: "a.ts",
      exportName: "A",
      body: `return ${tool("x" + index)}`,
      format: "esm",
      report: (rule, params) => void reports.push([rule.id, messageOf(rule, params)]),
    }));
    const ok = await evaluateEntries(pending, { ...DEFAULT_LIMITS, execPath: path.join(dir, "no-such-node") });
    expect(ok).toEqual([]);
    expect(reports.map(([id]) => id)).toEqual(["toolset-sandbox-failed", "toolset-sandbox-failed"]);
    expect(reports[0]![1]).toMatch(/Toolset "a:A" could not be checked: the sandboxed process that evaluates toolsets did not start \(spawn .*no-such-node ENOENT\)/);
  });
});
