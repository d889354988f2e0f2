// The build's evaluation of bundled toolset entries: all of them in one sandboxed process
// (src/toolsets/sandbox.ts), each answer turned into tool names or a diagnostic on its entry.
import type { CompiledSkill } from "../types.js";
import * as R from "../rules/toolset-rules.js";
import { TOOLSET_SANDBOX_FAILED } from "../rules/toolset-sandbox-rules.js";
import type { BundledEntry, Report } from "./bundle.js";
import { limitsFromEnv, runSandbox, type SandboxAnswer, type SandboxLimits, type SandboxStop } from "./sandbox.js";

/** A bundled entry waiting for its evaluation. */
export interface Pending extends BundledEntry {
  skill: CompiledSkill;
  index: number;
  spec: string;
  /** The module, relative to the skill folder. */
  file: string;
  exportName: string;
  report: Report;
}

const TOP_LEVEL = "Its top level must only define tools; do host work inside execute()";

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
      p.report(R.TOOLSET_BUILD_FAILED, `Toolset "${p.spec}" threw when evaluated at build time: ${a.error}. ${TOP_LEVEL} (at build time it runs in a sandbox: no process, require, timers, files, network or environment).`);
      break;
    case "undefined":
      p.report(R.TOOLSET_EXPORT_MISSING, `"${p.file}" does not export "${p.exportName}". Export the toolset under that name or fix the entry.`);
      break;
    case "not-array":
      p.report(R.TOOLSET_INVALID, `Toolset "${p.spec}" is ${a.what}, not an array of tools { name, description, parameters, execute }.`);
      break;
    case "invalid":
      p.report(R.TOOLSET_INVALID, `Tool ${a.tool}${a.name !== undefined ? ` (${JSON.stringify(a.name)})` : ""} of toolset "${p.spec}" ${PROBLEMS[a.problem] ?? "is not a valid tool"}.`);
      break;
    case "duplicate":
      p.report(R.TOOLSET_NAME_CLASH, `Toolset "${p.spec}" defines tool "${a.name}" twice; tool names must be unique.`);
      break;
    default:
      p.report(TOOLSET_SANDBOX_FAILED, `Toolset "${p.spec}": the sandboxed check gave an answer skillc does not understand. Please report this.`);
  }
  return undefined;
}

const PROBLEMS: Record<string, string> = {
  object: "must be an object { name, description, parameters, execute }",
  name: "needs a `name` of 1-64 letters, digits, _ or - (what OpenAI and Anthropic accept)",
  description: "needs a string `description`",
  parameters: 'needs `parameters`: a JSON Schema object with `type: "object"`',
  execute: "needs an `execute(input)` function",
};

/** `culprit`: the entry the check was stopped in, when it is not `p` itself. */
function reportStop(p: Pending, stop: SandboxStop, culprit: Pending | undefined, limits: SandboxLimits): void {
  if (stop.reason === "start") {
    p.report(TOOLSET_SANDBOX_FAILED, `Toolset "${p.spec}" could not be checked: the sandboxed process that evaluates toolsets did not start (${stop.detail}).`);
    return;
  }
  if (culprit) {
    p.report(R.TOOLSET_BUILD_FAILED, `Toolset "${p.spec}" was not checked: the build's toolset check stopped in toolset "${culprit.spec}" of ${culprit.skill.source.file}. Fix that one first.`);
    return;
  }
  const message =
    stop.reason === "timeout"
      ? `Toolset "${p.spec}" did not finish evaluating within ${limits.timeoutMs} ms at build time (one limit for all toolsets of the build; SKILLC_TOOLSET_TIMEOUT_MS sets it). ${TOP_LEVEL}: no endless loops, no waiting.`
      : stop.reason === "memory"
        ? `Toolset "${p.spec}" used more than ${stop.detail} when evaluated at build time. ${TOP_LEVEL}.`
        : stop.reason === "output"
          ? `Toolset "${p.spec}": the sandboxed check wrote ${stop.detail}; it was stopped.`
          : `Toolset "${p.spec}": ${stop.detail} while evaluating it at build time.`;
  p.report(R.TOOLSET_BUILD_FAILED, message);
}
