// recheck (makenowjust-labs): the ReDoS checker behind `trigger-regex-redos`, after trigger-regex.ts's
// fast heuristic. Configured so that its verdict depends on the pattern alone, on any machine:
//  - the pure-JavaScript backend, in this process (no native binary, no worker, no JVM);
//  - the automaton checker only (no fuzzing, so no random seeds or timed attack runs);
//  - no time limit (a `timeout` verdict would flip between a fast and a slow machine).
// Its cost is bounded instead by the pattern length limit (trigger-regex.ts) and the heuristic, which
// refuses the shapes the automaton construction is slowest on (large repeat counts of repeats).
// Loaded lazily: 2.9 MB of JavaScript that only skills with `triggers.patterns` need.
import { createRequire } from "node:module";
import type { Diagnostics, Parameters } from "recheck";

const PARAMS: Parameters = { checker: "automaton", timeout: null, logger: undefined };

let lib: typeof import("recheck") | undefined;
const memo = new Map<string, Diagnostics>();

/** recheck's verdict on `source` compiled with `flags`; remembered for the process. */
export function checkRegexComplexity(source: string, flags: string): Diagnostics {
  const key = flags + "/" + source;
  let d = memo.get(key);
  if (d) return d;
  lib ||= createRequire(import.meta.url)("recheck") as typeof import("recheck");
  const env = process.env.RECHECK_SYNC_BACKEND;
  process.env.RECHECK_SYNC_BACKEND = "pure"; // read by checkSync on each call: see the comment above
  try {
    d = lib.checkSync(source, flags, PARAMS);
  } finally {
    if (env === undefined) delete process.env.RECHECK_SYNC_BACKEND;
    else process.env.RECHECK_SYNC_BACKEND = env;
  }
  memo.set(key, d);
  return d;
}
