// The program the build's toolset check runs in its sandboxed `node` child (src/toolsets/sandbox.ts),
// passed with `-e`: nothing is read from disk. It reads a JSON array of { body, file } from stdin —
// each body the function body of one bundled toolset entry (src/toolsets/bundle.ts) — evaluates each
// in a fresh vm context (no process, require, console or timers; the main realm has code generation
// from strings disabled, so the known `x.constructor.constructor("return process")` routes fail), and
// writes one JSON line per entry to stdout: { tools } or { error, kind }. A hang or a heap overflow
// in entry i leaves lines 0..i-1 written; the parent knows from that which entry to blame.
//
// Written as source text (not a function's toString()) so no build step can rename or instrument it.
// The child is the boundary's second layer: the first is the process itself (permission model: no
// file reads or writes, no child processes, no workers, no addons; empty environment; heap cap).
export const CHILD_SOURCE = `"use strict";
const vm = require("vm");
const fs = require("fs");
const exit = process.exit.bind(process);
const stdin = process.stdin;
// Nothing the toolset code can reach should lead to the network or the host: strip what the main
// realm offers (it is reachable only through an escape, which needs code generation, disabled).
for (const k of ["fetch", "WebSocket", "EventSource", "Request", "Response", "Headers", "FormData", "require", "module", "exports", "__filename", "__dirname"]) {
  try { delete globalThis[k]; } catch {}
}
for (const k of ["getBuiltinModule", "binding", "_linkedBinding", "dlopen", "mainModule", "env"]) {
  try { Object.defineProperty(process, k, { value: undefined, configurable: false }); } catch {}
}
process.on("uncaughtException", () => {});
process.on("unhandledRejection", () => {});
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const out = (v) => fs.writeSync(1, JSON.stringify(v) + "\\n");
const cut = (s) => (s.length > 300 ? s.slice(0, 300) + "…" : s);
const str = (v) => { try { return cut(typeof v === "string" ? v : String(v)); } catch { return "(a value that cannot be shown)"; } };
const errorText = (e) => {
  try {
    if (e && (typeof e === "object" || typeof e === "function") && "message" in e) {
      const name = typeof e.name === "string" ? e.name + ": " : "";
      return cut(name + str(e.message));
    }
  } catch {}
  return str(e);
};
const isObj = (v) => !!v && typeof v === "object" && !Array.isArray(v);
const kindOf = (v) => (v === null ? "null" : typeof v === "object" ? "an object" : "a " + typeof v);
// Each property of a tool is read ONCE: a getter could give the check one value and the answer
// another (a name that passes the pattern on its first read and is an object whose toJSON writes
// anything on the next).
function shape(value) {
  if (!Array.isArray(value)) return { kind: "not-array", what: kindOf(value) };
  const names = [];
  const n = value.length;
  for (let i = 0; i < n; i++) {
    const t = value[i];
    if (!isObj(t)) return { kind: "invalid", tool: i, name: undefined, problem: "object" };
    const name = t.name;
    const bad = (problem) => ({ kind: "invalid", tool: i, name: typeof name === "string" ? cut(name) : undefined, problem });
    if (typeof name !== "string" || !TOOL_NAME.test(name)) return bad("name");
    if (typeof t.description !== "string") return bad("description");
    const parameters = t.parameters;
    if (!isObj(parameters) || parameters.type !== "object") return bad("parameters");
    if (typeof t.execute !== "function") return bad("execute");
    if (names.includes(name)) return { kind: "duplicate", name };
    names.push(name);
  }
  return { tools: names };
}
function check(entry) {
  const ctx = vm.createContext(Object.create(null), { codeGeneration: { strings: true, wasm: false }, microtaskMode: "afterEvaluate" });
  vm.runInContext("globalThis.console = { log() {}, info() {}, warn() {}, error() {}, debug() {} };", ctx);
  let value;
  try {
    value = new vm.Script("(()=>{" + entry.body + "})()", { filename: entry.file }).runInContext(ctx);
  } catch (e) {
    return { kind: "threw", error: errorText(e) };
  }
  if (value === undefined) return { kind: "undefined" };
  try {
    return shape(value);
  } catch (e) {
    return { kind: "threw", error: errorText(e) };
  }
}
// The child's own end. The parent kills it at the parent's deadline, but a parent that is itself
// killed (SIGTERM from a CI timeout or \`timeout\`, SIGKILL) runs no handler, and the child would
// spin on alone, unwatched. So each check runs under vm's watchdog (a thread that stops any
// JavaScript on the stack, host or context: loops in getters, promise jobs, Atomics.wait) until the
// budget the parent passes as the first argument (its own limit and a grace); then exit 124.
const budget = Number(process.argv[1]);
const deadline = Date.now() + (budget > 0 ? budget : 10000);
const runner = vm.createContext(Object.create(null));
function bounded(entry) {
  // vm takes at most 2^32-1 ms; SKILLC_TOOLSET_TIMEOUT_MS may ask for more.
  const left = Math.min(Math.floor(deadline - Date.now()), 0xffffffff);
  if (left < 1) exit(124);
  runner.run = () => check(entry);
  try {
    return vm.runInContext("run()", runner, { timeout: left });
  } catch (e) {
    if (e && e.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") exit(124);
    throw e;
  }
}
let input = "";
stdin.setEncoding("utf8");
stdin.on("data", (d) => { input += d; });
stdin.on("end", () => {
  const entries = JSON.parse(input);
  input = "";
  for (const entry of entries) out(bounded(entry));
  out({ done: true });
  exit(0);
});
`;
