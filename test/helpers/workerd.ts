// Runs an ES module worker in a real workerd process, for tests that must prove the runtime works
// unchanged on Cloudflare's runtime. startWorker → { url, stop }; always stop it in afterAll.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const WORKERD = resolve("node_modules/.bin/workerd");

export interface WorkerOptions {
  /** Module that workerd starts (a key of `files`). @default "worker.js" */
  main?: string;
  /** @default "2025-01-01" */
  compatibilityDate?: string;
  compatibilityFlags?: string[];
  /** How long to wait for the first response. @default 30000 */
  timeoutMs?: number;
}

export interface RunningWorker {
  /** "http://127.0.0.1:<port>" */
  url: string;
  /** What workerd wrote so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((ok, ko) => {
    const s = createServer().once("error", ko);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/**
 * Writes `moduleCode` (one ES module) or `{ files }` (ES modules by path; `.wasm` and `.json`
 * too) with a capnp config into a temporary folder, starts `workerd serve` on a free port and
 * waits until it answers HTTP.
 */
export async function startWorker(moduleCode: string | { files: Record<string, string | Uint8Array> }, opts: WorkerOptions = {}): Promise<RunningWorker> {
  const files = typeof moduleCode === "string" ? { "worker.js": moduleCode } : moduleCode.files;
  const main = opts.main ?? (typeof moduleCode === "string" ? "worker.js" : Object.keys(files)[0]);
  const dir = await mkdtemp(join(tmpdir(), "skillc-workerd-"));
  const modules = [main, ...Object.keys(files).filter((f) => f !== main)].map((f) => {
    const kind = f.endsWith(".wasm") ? "wasm" : f.endsWith(".json") ? "json" : "esModule";
    return `(name = ${JSON.stringify(f)}, ${kind} = embed ${JSON.stringify("src/" + f)})`;
  });
  for (const [f, c] of Object.entries(files)) {
    await mkdir(dirname(join(dir, "src", f)), { recursive: true });
    await writeFile(join(dir, "src", f), c);
  }
  const port = await freePort();
  await writeFile(
    join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [${modules.join(", ")}],
  compatibilityDate = ${JSON.stringify(opts.compatibilityDate ?? "2025-01-01")},
  compatibilityFlags = ${JSON.stringify(opts.compatibilityFlags ?? [])},
);
`,
  );
  let out = "";
  const child: ChildProcess = spawn(WORKERD, ["serve", "config.capnp", "--verbose"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  let dead = false;
  void exited.then(() => (dead = true));
  const stop = async () => {
    if (!dead) {
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(t);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    if (dead) {
      await stop();
      throw new Error(`workerd exited before answering:\n${out}`);
    }
    try {
      await fetch(url + "/__ping", { signal: AbortSignal.timeout(1000) });
      return { url, output: () => out, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`workerd did not answer on ${url} within ${opts.timeoutMs ?? 30_000} ms:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
