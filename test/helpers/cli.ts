// Runs the built CLI (dist/cli.js) as a real process: exit codes, stdout and stderr as users see them.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  /** Added to a clean environment (NO_COLOR set, so output is plain). */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
  /** Kills the process after this many ms. @default 60000 */
  timeoutMs?: number;
}

export function runCli(args: string[], opts: RunOptions): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: opts.cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, NO_COLOR: "1", ...opts.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // A process that exits before reading stdin (a usage error) must not fail the test with EPIPE.
    child.stdin.on("error", () => {});
    child.stdin.end(opts.input ?? "");
  });
}

/** Runs a command through src/cli.ts's `main` in this process (faster; same exit codes and output). */
export async function runInProcess(args: string[], opts: { cwd: string; env?: Record<string, string | undefined> }): Promise<CliResult> {
  const { main } = await import("../../src/cli.js");
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    cwd: opts.cwd,
    env: { NO_COLOR: "1", ...opts.env },
    stdout: { write: (t: string) => void (stdout += t) },
    stderr: { write: (t: string) => void (stderr += t) },
  });
  return { code, stdout, stderr };
}
