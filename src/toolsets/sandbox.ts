// The build's one evaluation of toolset code: a separate `node` process that cannot reach the
// machine. One process checks every toolset entry of the build (startup is paid once), under
//   - Node's permission model (--experimental-permission on Node 20, --permission later): no file
//     reads or writes, no child processes, no worker threads, no native addons;
//   - an empty environment (no secrets to read, no NODE_OPTIONS);
//   - code generation from strings disabled in its main realm, and each entry in a fresh vm context
//     holding no host object (src/toolsets/sandbox-child.ts): the network APIs Node 20's permission
//     model does not cover are not reachable from the toolset's code;
//   - a heap cap (--max-old-space-size), a resident-memory watchdog on Linux (ArrayBuffers live
//     outside the heap), one wall-clock limit over the whole check, SIGKILL on expiry (and the
//     child's own watchdog a second later, for a parent that was killed first), and a bound on
//     the stdout read back.
// The code goes in on stdin; the answers come back as one JSON line per entry, in order, so a hang
// or a crash is blamed on the first entry without an answer.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { readAnswer, type SandboxAnswer } from "./sandbox-answer.js";
import { CHILD_SOURCE } from "./sandbox-child.js";

export interface SandboxEntry {
  /** A function body whose `return` is the toolset (src/toolsets/bundle.ts). */
  body: string;
  /** Shown in stack traces: the module, relative to its skill. */
  file: string;
}

export type { SandboxAnswer } from "./sandbox-answer.js";

/** Why the check stopped before answering for every entry (the first unanswered one is to blame). */
export type SandboxStop = { reason: "timeout" | "memory" | "output" | "crash"; detail: string } | { reason: "start"; detail: string };

export interface SandboxLimits {
  /** Over the whole check, from spawn to the last answer. */
  timeoutMs: number;
  /** V8 heap (--max-old-space-size). */
  heapMb: number;
  /** Resident set, watched on Linux. */
  rssMb: number;
  /** stdout bytes read back. */
  outputBytes: number;
  /** The node binary to start: this one, unless a test says otherwise. */
  execPath?: string;
}

/** How much longer than the parent's limit the child gives itself (src/toolsets/sandbox-child.ts), and its exit code then. */
export const CHILD_GRACE_MS = 1000;
const CHILD_TIMEOUT_EXIT = 124;

export const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 10_000, heapMb: 128, rssMb: 512, outputBytes: 1 << 20 };

/** The limits, with SKILLC_TOOLSET_TIMEOUT_MS (a positive integer) overriding the wall-clock one. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxLimits {
  const t = Number(env.SKILLC_TOOLSET_TIMEOUT_MS);
  return Number.isInteger(t) && t > 0 ? { ...DEFAULT_LIMITS, timeoutMs: t } : DEFAULT_LIMITS;
}

/** The permission flag this Node accepts, or undefined when it has none (Node < 20). */
export function permissionFlag(): string | undefined {
  const flags = process.allowedNodeEnvironmentFlags;
  return flags.has("--permission") ? "--permission" : flags.has("--experimental-permission") ? "--experimental-permission" : undefined;
}

/** Evaluates `entries` in one sandboxed process; answers[i] is missing from the first entry the check could not finish. */
/** The child's flags before `-e <program>`; undefined when this Node has no permission model. */
export function sandboxFlags(heapMb: number): string[] | undefined {
  const flag = permissionFlag();
  return flag ? [flag, "--no-warnings", "--disallow-code-generation-from-strings", `--max-old-space-size=${heapMb}`] : undefined;
}

export function runSandbox(entries: SandboxEntry[], limits: SandboxLimits = DEFAULT_LIMITS): Promise<{ answers: SandboxAnswer[]; stop?: SandboxStop }> {
  const flags = sandboxFlags(limits.heapMb);
  if (!flags) return Promise.resolve({ answers: [], stop: { reason: "start", detail: `this Node.js (${process.version}) has no permission model; Node 20 or later is needed` } });
  // The child stops itself a little after the parent would kill it: only a parent killed first leaves that to it.
  const args = [...flags, "-e", CHILD_SOURCE, String(limits.timeoutMs + CHILD_GRACE_MS)];
  return new Promise((resolve) => {
    const answers: SandboxAnswer[] = [];
    let stop: SandboxStop | undefined;
    let pending = "";
    let read = 0;
    let stderr = "";
    let done = false;
    const child = spawn(limits.execPath ?? process.execPath, args, { env: {}, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
    const kill = (s: SandboxStop) => {
      stop ??= s;
      child.kill("SIGKILL");
    };
    // setTimeout fires at once past 2^31-1 ms (SKILLC_TOOLSET_TIMEOUT_MS may ask for more): about 24 days is the most.
    const timer = setTimeout(() => kill({ reason: "timeout", detail: `${limits.timeoutMs} ms` }), Math.min(limits.timeoutMs, 0x7fffffff));
    const watch = setInterval(() => {
      if (child.pid !== undefined && residentMb(child.pid) > limits.rssMb) kill({ reason: "memory", detail: `${limits.rssMb} MB of memory` });
    }, 50);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      read += Buffer.byteLength(chunk);
      if (read > limits.outputBytes) return kill({ reason: "output", detail: `more than ${limits.outputBytes} bytes of answers` });
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        const v = readAnswer(line);
        if (v && "done" in v) done = true;
        else if (v) answers.push(v);
        else return kill({ reason: "crash", detail: "the check process gave an answer that is not valid" });
      }
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      if (stderr.length < 4096) stderr += d;
    });
    child.stdin.on("error", () => {}); // the child may be gone before it reads everything
    const finish = () => {
      clearTimeout(timer);
      clearInterval(watch);
      resolve(stop ? { answers, stop } : { answers });
    };
    child.on("error", (err) => {
      // Failing to spawn emits "error" and maybe no "close"; resolving twice is harmless.
      stop ??= { reason: "start", detail: err.message };
      if (child.pid === undefined) finish();
    });
    child.on("close", (code, signal) => {
      if (!done && !stop) stop = crashOf(code, signal, stderr, limits);
      finish();
    });
    child.stdin.end(JSON.stringify(entries));
  });
}

function crashOf(code: number | null, signal: string | null, stderr: string, limits: SandboxLimits): SandboxStop {
  if (code === CHILD_TIMEOUT_EXIT) return { reason: "timeout", detail: `${limits.timeoutMs} ms` };
  if (/heap limit|out of memory|allocation failed/i.test(stderr)) return { reason: "memory", detail: `${limits.heapMb} MB of heap` };
  const first = stderr.split("\n").find((l) => l.trim() && !/^\s*at /.test(l))?.trim();
  return { reason: "crash", detail: `the check process ended (${signal ?? `exit code ${code}`})${first ? `: ${first.slice(0, 200)}` : ""}` };
}

/** Resident set of a process in MB, from /proc (Linux); 0 where that cannot be read. */
function residentMb(pid: number): number {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return Number.isFinite(pages) ? (pages * 4096) / (1 << 20) : 0;
  } catch {
    return 0;
  }
}
