// Shared by the hostile-input suites: temp trees, in-process lint/build, the built CLI as a real
// process, fresh-process bundle checks, and the per-suite counters behind RESULTS.md.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type BuildResult } from "../../src/project/build.js";
import { lint, type LintReport } from "../../src/project/lint.js";
import { resolveDefaults, type SkillcConfig } from "../../src/config/types.js";
import type { Diagnostic } from "../../src/types.js";
import { writeTree } from "../helpers/project.js";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = path.join(REPO, "dist", "cli.js");
export const HERE = fileURLToPath(new URL(".", import.meta.url));

// ---------------------------------------------------------------------------------------------
// Temp trees

const made: string[] = [];

export function tmp(prefix = "skillc-hostile-"): string {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}

export function cleanupTmp(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

// writeTree is the one of test/helpers/project.ts (strings as UTF-8, Uint8Array as bytes).
export { writeTree };

export const skillMd = (name: string, description = `Does ${name} things.`, body = `Use ${name}.`, extra = ""): string =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${extra}---\n\n${body}\n`;

// ---------------------------------------------------------------------------------------------
// In-process lint and build

export interface Run {
  lint: LintReport;
  build: BuildResult;
  lintDiagnostics: Diagnostic[];
}

export async function runBoth(cwd: string, config: SkillcConfig = {}): Promise<Run> {
  const resolved = resolveDefaults(cwd, config);
  const l = await lint({ cwd, config: resolved });
  const b = await build({ cwd, config: resolved });
  return { lint: l, build: b, lintDiagnostics: l.results.flatMap((r) => r.diagnostics) };
}

export async function runBuild(cwd: string, config: SkillcConfig = {}, opts: { roots?: string[] } = {}): Promise<BuildResult> {
  return build({ cwd, config: resolveDefaults(cwd, config), roots: opts.roots });
}

export async function runLint(cwd: string, config: SkillcConfig = {}): Promise<Diagnostic[]> {
  const r = await lint({ cwd, config: resolveDefaults(cwd, config) });
  return r.results.flatMap((x) => x.diagnostics);
}

const isPos = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 1;

/** Problems with a diagnostic list, as strings (empty when fine): every position ≥ 1, a rule id, a message. */
export function badDiagnostics(diags: Diagnostic[]): string[] {
  const out: string[] = [];
  for (const d of diags) {
    if (!isPos(d.line) || !isPos(d.column)) out.push(`bad position ${d.line}:${d.column} (${d.ruleId}) in ${d.file}`);
    if (typeof d.ruleId !== "string" || !/^[a-z0-9-]+$/.test(d.ruleId)) out.push(`bad ruleId ${String(d.ruleId)}`);
    if (typeof d.message !== "string" || !d.message) out.push(`empty message (${d.ruleId})`);
    if (d.severity !== "error" && d.severity !== "warning") out.push(`bad severity ${String(d.severity)}`);
  }
  return out;
}

/** A rejected input (lint has errors, or build wrote nothing) must carry an error diagnostic with a line ≥ 1. */
export function rejectionProblems(run: Run): string[] {
  const problems = [...badDiagnostics(run.lintDiagnostics), ...badDiagnostics(run.build.diagnostics)];
  const lintErrors = run.lintDiagnostics.filter((d) => d.severity === "error");
  const buildErrors = run.build.diagnostics.filter((d) => d.severity === "error");
  if (!run.build.written && !buildErrors.some((d) => isPos(d.line))) problems.push("build wrote nothing but reported no error with a line");
  if (run.build.written && buildErrors.length > 0) problems.push("build wrote output despite errors");
  // lint and build must agree on whether the input is acceptable (build may add file-level errors)
  if (lintErrors.length > 0 && run.build.written) problems.push(`lint has errors (${lintErrors.map((d) => d.ruleId).join(",")}) but build wrote output`);
  return problems;
}

export const isRejected = (run: Run): boolean => !run.build.written;

// ---------------------------------------------------------------------------------------------
// Results recorder: counts per category, written to test/hostile/.results/<suite>.json in afterAll.

export interface Counts {
  tried: number;
  rejected: number;
  crashes: number;
  escapes: number;
}

export class Recorder {
  readonly counts = new Map<string, Counts>();
  constructor(readonly suite: string) {}

  private get(category: string): Counts {
    let c = this.counts.get(category);
    if (!c) this.counts.set(category, (c = { tried: 0, rejected: 0, crashes: 0, escapes: 0 }));
    return c;
  }
  tried(category: string, n = 1): void {
    this.get(category).tried += n;
  }
  rejected(category: string, n = 1): void {
    this.get(category).rejected += n;
  }
  crash(category: string, n = 1): void {
    this.get(category).crashes += n;
  }
  escape(category: string, n = 1): void {
    this.get(category).escapes += n;
  }
  /** Runs `fn`, counting a throw as a crash (and rethrowing). */
  async guard<T>(category: string, fn: () => Promise<T> | T): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      this.crash(category);
      throw e;
    }
  }
  write(): void {
    const dir = path.join(HERE, ".results");
    mkdirSync(dir, { recursive: true });
    const data = Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(path.join(dir, `${this.suite}.json`), JSON.stringify(data, null, 2) + "\n");
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

export interface Proc {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `env`: variables added to the child's small environment. */
export function runNode(args: string[], opts: { cwd: string; timeoutMs?: number; input?: string; env?: Record<string, string> }): Promise<Proc> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: opts.cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, NO_COLOR: "1", ...opts.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout.length < 64e6 ? (stdout += d) : undefined));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr.length < 1e6 ? (stderr += d) : undefined));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 60_000);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(opts.input ?? "");
  });
}

/** The built CLI with a 512 MB heap: exit 0/1 are answers, anything else (2 = internal failure, a signal, OOM 134) is not. */
export function runCliBounded(args: string[], cwd: string, timeoutMs = 90_000): Promise<Proc> {
  return runNode(["--max-old-space-size=512", CLI, ...args], { cwd, timeoutMs });
}

/**
 * Makes sure dist/cli.js is built and fresh. Several suites may ask at once (vitest runs files in
 * parallel), and scripts/build.mjs deletes dist/ first, so builders take a lock folder.
 */
export async function ensureCli(): Promise<void> {
  const lock = path.join(os.tmpdir(), "skillc-hostile-dist.lock");
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // a lock older than 3 minutes belongs to a dead run
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmdirSync(lock);
      } catch {
        /* gone */
      }
      if (i > 1200) throw new Error("timed out waiting for the dist lock");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    const { default: setup } = await import("../global-setup.js");
    setup();
  } finally {
    rmdirSync(lock);
  }
  if (!existsSync(CLI)) throw new Error("dist/cli.js is missing after the build");
}

/**
 * Imports a bundle in a fresh Node process and runs `script` (an async function body with `m` = the
 * module) there; returns its JSON-printed result.
 */
export async function inFreshProcess<T = unknown>(indexJs: string, script: string, timeoutMs = 30_000): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  const code = `const m = await import(${JSON.stringify(pathToFileURL(indexJs).href)});\nconst v = await (async () => { ${script} })();\nprocess.stdout.write(JSON.stringify(v));`;
  const r = await runNode(["--input-type=module", "-e", code], { cwd: path.dirname(indexJs), timeoutMs });
  if (r.code !== 0) return { ok: false, error: `exit ${r.code} ${r.signal ?? ""}: ${r.stderr.slice(0, 2000)}` };
  return { ok: true, value: JSON.parse(r.stdout) as T };
}

/** Imports a built index.js in this process, bypassing the module cache. */
let importSeq = 0;
export async function importBundle(indexJs: string): Promise<typeof import("../../src/runtime/index.js") & { skills: import("../../src/runtime/api.js").Skills }> {
  return import(/* @vite-ignore */ pathToFileURL(indexJs).href + `?v=${++importSeq}-${Date.now()}`);
}

export function rel(file: string): string {
  return path.relative(REPO, file);
}

/** Everything below `dir` (files only), as text. */
export function allOutput(dir: string): string {
  if (!existsSync(dir)) return "";
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => readFileSync(f, "latin1"))
    .join("\n");
}
