// The build's evaluation of bundled toolset entries: all of them in one sandboxed process
// (src/toolsets/sandbox.ts), each answer turned into tool names or a diagnostic on its entry.
import type { ResolvedSkillHead } from "../types.js";
import * as R from "../rules/toolset-rules.js";
import type { ToolsetBuildFailed } from "../rules/toolset-rules.js";
import { TOOLSET_SANDBOX_FAILED } from "../rules/toolset-sandbox-rules.js";
import type { BundledEntry, Report } from "./bundle.js";
import { limitsFromEnv, runSandbox, type SandboxAnswer, type SandboxLimits, type SandboxStop } from "./sandbox.js";

/** A bundled entry waiting for its evaluation. */
export interface Pending extends BundledEntry {
  skill: ResolvedSkillHead;
  index: number;
  spec: string;
  /** The module, relative to the skill folder. */
  file: string;
  exportName: string;
  report: Report;
}

/**
 * The entries that evaluated to a valid toolset, with their tool names; the others are reported.
 * One process evaluates them all. If it is stopped in an entry (out of memory, a crash), that entry
 * is reported and a new process takes the entries after it, within the SAME deadline: a timeout
 * uses it up, and the entries left are reported as not checked.
 */
export async function evaluateEntries(pending: Pending[], limits: SandboxLimits = limitsFromEnv()): Promise<Array<{ p: Pending; tools: string[] }>> {
  const ok: Array<{ p: Pending; tools: string[] }> = [];
  const deadline = Date.now() + limits.timeoutMs;
  let start = 0;
  let culprit: Pending | undefined;
  while (start < pending.length) {
    const rest = pending.slice(start);
    const left = deadline - Date.now();
    if (left <= 0 && culprit) {
      for (const p of rest) reportStop(p, { reason: "timeout", detail: "" }, culprit, limits);
      break;
    }
    const { answers, stop } = await runSandbox(
      rest.map((p) => ({ body: p.body, file: `${p.skill.source.dir}/${p.file}` })),
      { ...limits, timeoutMs: Math.max(left, 1) },
    );
    for (const [i, a] of answers.entries()) {
      const tools = judge(rest[i]!, a);
      if (tools) ok.push({ p: rest[i]!, tools });
    }
    if (!stop) break;
    if (stop.reason === "start") {
      for (const p of rest) reportStop(p, stop, undefined, limits);
      break;
    }
    culprit = rest[answers.length];
    if (!culprit) break;
    reportStop(culprit, stop, undefined, limits);
    start += answers.length + 1;
  }
  return ok;
}

function judge(p: Pending, a: SandboxAnswer): string[] | undefined {
  if ("tools" in a) return a.tools;
  switch (a.kind) {
    case "threw":
      p.report(R.TOOLSET_BUILD_FAILED, { kind: "threw", spec: p.spec, error: a.error });
      break;
    case "undefined":
      p.report(R.TOOLSET_EXPORT_MISSING, { kind: "missing", file: p.file, exportName: p.exportName });
      break;
    case "not-array":
      p.report(R.TOOLSET_INVALID, { kind: "not-array", spec: p.spec, what: a.what });
      break;
    case "invalid":
      p.report(R.TOOLSET_INVALID, { kind: "tool", spec: p.spec, tool: a.tool, name: a.name, problem: a.problem });
      break;
    case "duplicate":
      p.report(R.TOOLSET_NAME_CLASH, { kind: "twice", spec: p.spec, name: a.name });
      break;
    default:
      p.report(TOOLSET_SANDBOX_FAILED, { kind: "answer", spec: p.spec });
  }
  return undefined;
}

/** `culprit`: the entry the check was stopped in, when it is not `p` itself. */
function reportStop(p: Pending, stop: SandboxStop, culprit: Pending | undefined, limits: SandboxLimits): void {
  if (stop.reason === "start") {
    p.report(TOOLSET_SANDBOX_FAILED, { kind: "start", spec: p.spec, detail: stop.detail });
    return;
  }
  if (culprit) {
    p.report(R.TOOLSET_BUILD_FAILED, { kind: "not-checked", spec: p.spec, culprit: culprit.spec, file: culprit.skill.source.file });
    return;
  }
  const params: ToolsetBuildFailed =
    stop.reason === "timeout"
      ? { kind: "timeout", spec: p.spec, ms: limits.timeoutMs }
      : stop.reason === "memory" || stop.reason === "output"
        ? { kind: stop.reason, spec: p.spec, detail: stop.detail }
        : { kind: "stopped", spec: p.spec, detail: stop.detail };
  p.report(R.TOOLSET_BUILD_FAILED, params);
}
