// The JavaScript runtimes the README names, as real processes: Deno and Bun from their npm packages
// (devDependencies), and Debian's Chromium driven by playwright-core. A missing runtime FAILS the
// test that needs it with the command that installs it; nothing is skipped.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { REPO } from "./cli.js";

/** Where each runtime's binary may be after `npm install` (npm 11 skips their install scripts; see binaryOf). */
const CANDIDATES: Record<"deno" | "bun", string[]> = {
  // deno's postinstall links the platform package's binary to deno/deno; without it the binary
  // is still in the platform package.
  deno: ["node_modules/deno/deno", "node_modules/@deno/linux-x64-glibc/deno", "node_modules/@deno/linux-arm64-glibc/deno"],
  // bun's postinstall moves bin/bun of the platform package over the 450-byte placeholder bun/bin/bun.exe.
  bun: ["node_modules/bun/bin/bun.exe", "node_modules/@oven/bun-linux-x64/bin/bun", "node_modules/@oven/bun-linux-x64-baseline/bin/bun", "node_modules/@oven/bun-linux-arm64/bin/bun"],
};

/** The runtime's executable, or an Error saying how to get it. */
export function binaryOf(name: "deno" | "bun"): string {
  for (const rel of CANDIDATES[name]) {
    const file = path.join(REPO, rel);
    if (!existsSync(file)) continue;
    // The placeholders npm leaves when a package's install script did not run are tiny scripts, not ELF binaries.
    if (readFileSync(file).subarray(0, 4).toString("latin1") !== "\x7fELF") continue;
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not executable: try the next place
    }
  }
  throw new Error(`${name} is not installed: run \`npm install\` (it is a devDependency); looked for ${CANDIDATES[name].join(", ")}`);
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `deno run` or `bun` on an ES module file; no network, no permissions beyond reading it. */
export function runModule(runtime: "deno" | "bun", file: string, timeoutMs = 60_000): Promise<Ran> {
  const bin = binaryOf(runtime);
  const args = runtime === "deno" ? ["run", "--quiet", "--no-config", "--no-lock", "--no-prompt", file] : ["run", file];
  const home = path.dirname(file);
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    // Their caches and update checks stay inside the test's folder and off the network.
    DENO_DIR: path.join(home, ".deno"),
    DENO_NO_UPDATE_CHECK: "1",
    BUN_INSTALL_CACHE_DIR: path.join(home, ".bun"),
    NO_COLOR: "1",
  };
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: home, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Serves `dir` over HTTP on 127.0.0.1 (a free port): GET of files only, `/` is index.html. */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json" };
  const server: Server = createServer(async (req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.join(dir, rel.endsWith("/") ? rel + "index.html" : rel);
    if (!file.startsWith(dir + path.sep)) return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(() => ok())) };
}

/** Debian's chromium (`apt-get install -y chromium`); SKILLC_CHROMIUM names another executable. */
export function chromiumPath(): string {
  const file = process.env.SKILLC_CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(file)) {
    throw new Error(`Chromium is not installed at ${file}: install Debian's chromium (\`apt-get install -y chromium\`, as root; \`npm test\` does it itself when run as root on Debian), or set SKILLC_CHROMIUM to a Chromium executable`);
  }
  return file;
}

/** Flags for a quiet headless Chromium that reaches nothing but the test's own server. */
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic", "--disable-dev-shm-usage"];

/** How long the last launchChromium took (ms), for a page that never became ready. */
let launchMs: number | undefined;

/** One launch attempt's limit; a launch that stalls (it happened under a loaded CI run: the test's whole 60 s) is killed and tried again. */
const LAUNCH_MS = 20_000;
const LAUNCH_TRIES = 2;

/** A headless Chromium for one test file: launch → use → close (in afterAll). */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  const start = performance.now();
  const failures: string[] = [];
  for (let attempt = 1; attempt <= LAUNCH_TRIES; attempt++) {
    try {
      const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true, timeout: LAUNCH_MS });
      launchMs = Math.round(performance.now() - start);
      return browser;
    } catch (error) {
      failures.push(`attempt ${attempt}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  throw new Error(`Chromium did not start in ${LAUNCH_TRIES} attempts of ${LAUNCH_MS / 1000} s: ${failures.join("; ")}`);
}

/** A test that launches Chromium and opens a page: two launch attempts and the page's own limit, with room to spare. */
export const CHROMIUM_TEST_MS = LAUNCH_TRIES * LAUNCH_MS + 45_000;

/** Waits this long for a page to load and pass its ready test, together (under a test's 60 s); then fails saying what the page saw. */
const PAGE_READY_MS = 30_000;

type Browser = Awaited<ReturnType<typeof launchChromium>>;

/**
 * Opens `url` in a new page and waits until `ready` (run in the page) is true. A page that never
 * gets there fails within PAGE_READY_MS with what it saw — its errors, console errors, failed and
 * 4xx/5xx requests, its text, and how long the launch took — instead of running into the test's
 * own timeout with nothing to tell a stalled browser from a broken page. `errors`: its uncaught
 * errors so far.
 */
export async function openPage(browser: Browser, url: string, ready: () => boolean) {
  const page = await browser.newPage();
  const errors: string[] = [];
  const seen: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => void (m.type() === "error" && seen.push(`console: ${m.text()}`)));
  page.on("requestfailed", (r) => seen.push(`failed: ${r.url()} (${r.failure()?.errorText ?? "?"})`));
  page.on("response", (r) => void (r.status() >= 400 && seen.push(`${r.status()}: ${r.url()}`)));
  const start = performance.now();
  try {
    await page.goto(url, { timeout: PAGE_READY_MS });
    await page.waitForFunction(ready, undefined, { timeout: Math.max(1000, PAGE_READY_MS - (performance.now() - start)) });
  } catch (error) {
    const text = await page.evaluate(() => document.body?.innerText ?? "").catch((e: Error) => `(unreadable: ${e.message})`);
    const lines = [`${(error as Error).message.split("\n")[0]}`, `after ${Math.round(performance.now() - start)} ms; Chromium's launch took ${launchMs ?? "?"} ms`, ...errors.map((e) => `page error: ${e}`), ...seen, `page text: ${JSON.stringify(text.slice(0, 500))}`];
    throw new Error(`the page at ${url} did not become ready:\n  ${lines.join("\n  ")}`);
  }
  return { page, errors };
}
