// Golden hashes of what skillc makes from the conformance corpus (../shared/corpus): the sha256 of
// every file `skillc build` writes and of `skillc lint --format json`, with their exit codes.
// test/conformance/golden.test.ts compares a fresh run with test/conformance/golden.json, so a
// refactor that changes a byte of the bundle, the manifest, a catalog or the lint report fails.
//
//   node scripts/golden.mjs           print the hashes of the current dist/ (builds dist/ first)
//   node scripts/golden.mjs --write   regenerate test/conformance/golden.json — deliberately, after
//                                     a change that is meant to change the output (say so in the commit)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("..", import.meta.url));
export const GOLDEN_FILE = path.join(REPO, "test", "conformance", "golden.json");
// Relative to the repository, as build-corpus.test.ts builds them: the paths in the outputs are too.
export const ROOTS = ["obra-superpowers", "anthropic-skills", "k-dense-scientific-skills"].map((r) => `../shared/corpus/${r}`);

const PROFILES = ["skillc", "agentskills", "claude-code", "codex"];
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

function skillc(args) {
  const res = spawnSync(process.execPath, [path.join(REPO, "dist", "cli.js"), ...args], {
    cwd: REPO,
    encoding: "buffer",
    maxBuffer: 1 << 30,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", CI: "" },
  });
  if (res.error) throw res.error;
  return res;
}

/** Builds and lints the corpus with dist/cli.js and returns the golden record (sorted keys). */
export function goldenHashes() {
  if (!existsSync(path.join(REPO, "dist", "cli.js"))) throw new Error("dist/cli.js is missing: run `npm run build` first");
  const out = mkdtempSync(path.join(tmpdir(), "skillc-golden-"));
  try {
    const build = skillc(["build", ...ROOTS, "--out", out, "--emit-on-error", "--no-cache", "--quiet"]);
    const files = {};
    for (const name of readdirSync(out).sort()) files[name] = sha256(readFileSync(path.join(out, name)));
    const lint = {};
    // Every profile: the severities each one gives the rules are part of the output too.
    for (const profile of PROFILES) {
      const res = skillc(["lint", ...ROOTS, "--format", "json", "--no-cache", "--profile", profile]);
      lint[profile] = { exitCode: res.status, sha256: sha256(res.stdout), bytes: res.stdout.length };
    }
    return { build: { exitCode: build.status, files }, "lint --format json": lint };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One line per difference between two golden records ("" when equal). */
export function goldenDiff(expected, actual) {
  const lines = [];
  const keys = (o) => Object.keys(o ?? {});
  if (expected.build.exitCode !== actual.build.exitCode) lines.push(`build exit code: ${expected.build.exitCode} → ${actual.build.exitCode}`);
  for (const f of new Set([...keys(expected.build.files), ...keys(actual.build.files)])) {
    const [e, a] = [expected.build.files[f], actual.build.files[f]];
    if (e !== a) lines.push(`build ${f}: ${e ?? "(absent)"} → ${a ?? "(absent)"}`);
  }
  const [el, al] = [expected["lint --format json"], actual["lint --format json"]];
  for (const p of new Set([...keys(el), ...keys(al)])) {
    const [e, a] = [el[p] ?? {}, al[p] ?? {}];
    if (e.exitCode !== a.exitCode) lines.push(`lint --profile ${p} exit code: ${e.exitCode} → ${a.exitCode}`);
    if (e.sha256 !== a.sha256) lines.push(`lint --format json --profile ${p}: ${e.sha256} (${e.bytes} bytes) → ${a.sha256} (${a.bytes} bytes)`);
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Always from the current sources, never a stale dist/.
  const b = spawnSync(process.execPath, [path.join(REPO, "scripts", "build.mjs")], { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] });
  if (b.status !== 0) process.exit(b.status ?? 1);
  const record = goldenHashes();
  const text = JSON.stringify(record, null, 2) + "\n";
  if (process.argv.includes("--write")) {
    writeFileSync(GOLDEN_FILE, text);
    console.log(`wrote ${path.relative(REPO, GOLDEN_FILE)}`);
  } else {
    process.stdout.write(text);
    if (existsSync(GOLDEN_FILE)) {
      const diff = goldenDiff(JSON.parse(readFileSync(GOLDEN_FILE, "utf8")), record);
      console.error(diff.length ? `differs from golden.json:\n  ${diff.join("\n  ")}` : "same as golden.json");
    }
  }
}
