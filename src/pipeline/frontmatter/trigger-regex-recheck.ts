// recheck (makenowjust-labs): the ReDoS checker behind `trigger-regex-redos`, after trigger-regex.ts's
// fast heuristic. Configured so that its verdict depends on the pattern alone wherever it finishes:
//  - the pure-JavaScript backend, in this process (no native binary, no worker, no JVM);
//  - the automaton checker only (no fuzzing, so no random seeds or timed attack runs).
// Its cost is not bounded by the pattern's length: `w{24}.*x{24}` (50 characters) takes 14 s, and a
// 186-character pattern of three literal runs joined by `.*` ran 10 minutes into V8's out-of-memory
// abort. So each check gets a time limit (trigger-checks.ts: 10 s a pattern, 2 minutes a run, and a run sends at most
// a fixed count of patterns here); a check that reaches it is a "timeout", which the caller refuses.
// That verdict alone depends on the machine, and only for a pattern that takes seconds to analyse.
// Loaded lazily: 2.9 MB of JavaScript that only skills with `triggers.patterns` need.
import { createRequire } from "node:module";
import type { Diagnostics, Parameters } from "recheck";

const PARAMS: Parameters = { checker: "automaton", logger: undefined };

let lib: typeof import("recheck") | undefined;
const memo = new Map<string, Diagnostics>();
const require = createRequire(import.meta.url);

/**
 * recheck's verdict on `source` compiled with `flags`, within `timeLimitMs` (none: unlimited).
 * Remembered for the process, except a timeout (a later call may allow more time).
 */
export function checkRegexComplexity(source: string, flags: string, timeLimitMs?: number): Diagnostics {
  const key = flags + "/" + source;
  let d = memo.get(key);
  if (d) return d;
  lib ||= require("recheck") as typeof import("recheck");
  const env = process.env.RECHECK_SYNC_BACKEND;
  process.env.RECHECK_SYNC_BACKEND = "pure"; // read by checkSync on each call: see the comment above
  try {
    d = lib.checkSync(source, flags, { ...PARAMS, timeout: timeLimitMs ?? null });
  } finally {
    if (env === undefined) delete process.env.RECHECK_SYNC_BACKEND;
    else process.env.RECHECK_SYNC_BACKEND = env;
  }
  if (!isTimeout(d)) memo.set(key, d);
  return d;
}

/** Whether recheck stopped at its time limit. */
export function isTimeout(d: Diagnostics): boolean {
  return d.status === "unknown" && d.error.kind === "timeout";
}

/** recheck's version: verdicts kept between runs are keyed by it (trigger-checks.ts). */
export function recheckVersion(): string {
  return (require("recheck/package.json") as { version: string }).version;
}
