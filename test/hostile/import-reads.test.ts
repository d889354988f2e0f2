// What one `skillc import <url>` reads and prints when the skills an index offers are refused one
// after another, through the built CLI as a real process. (import-remote.test.ts covers hosts that
// break their answers, floods of bad index entries and what the skills taken may hold.)
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCOVERY_SCHEMA_V2, sha256Digest } from "../../src/archive/well-known.js";
import { CLI, REPO, Recorder, cleanupTmp, ensureCli, runNode, tmp, type Proc } from "./helpers.js";

const rec = new Recorder("import-reads");
const CAT = "import: refused skills";
const INDEX = "/.well-known/agent-skills/index.json";
const WRONG = "sha256:" + "0".repeat(64);
const FAT_MCP = path.join(REPO, "test/fixtures/mcp/fat-listing-server.mjs");

/** An index of `n` SKILL.md entries, each with `digest(i)` (by default one no body matches). */
const index = (n: number, digest: (i: number) => string = () => WRONG) =>
  JSON.stringify({
    $schema: DISCOVERY_SCHEMA_V2,
    skills: Array.from({ length: n }, (_, i) => ({ name: `s-${i}`, description: "Refused.", type: "skill-md", url: `s-${i}.md`, digest: digest(i) })),
  });

/** A SKILL.md the lint refuses: no description. */
const noDescription = (i: number) => `---\nname: s-${i}\n---\n\nBody.\n`;

const BIG = Buffer.alloc(48 * 1024 * 1024, "a");
const hits: Record<string, number> = {};
let server: http.Server;
let origin: string;

beforeAll(async () => {
  await ensureCli();
  const indexes: Record<string, string> = { big: index(20), gone: index(1000), over: index(1001), slow: index(20), bad: index(60, (i) => sha256Digest(Buffer.from(noDescription(i)))) };
  server = http.createServer((req, res) => {
    const [, site, ...rest] = new URL(req.url ?? "/", "http://x").pathname.split("/");
    if (`/${rest.join("/")}` === INDEX && indexes[site!]) return void res.writeHead(200, { "content-type": "application/json" }).end(indexes[site!]);
    hits[site!] = (hits[site!] ?? 0) + 1;
    if (site === "big") return void res.writeHead(200).end(BIG);
    // Each answer just inside the per-request limit, as a host holding an import open would.
    if (site === "slow") return void setTimeout(() => res.writeHead(404).end(), 300);
    if (site === "bad") return void res.writeHead(200).end(noDescription(Number(/s-(\d+)/.exec(rest.join("/"))![1])));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  rec.write();
  cleanupTmp();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** `skillc import <site>` (or `spec` as given, when it is no site's name): exit 1, no internal error, nothing written. */
async function importSite(site: string, env?: Record<string, string>): Promise<Proc> {
  rec.tried(CAT);
  const cwd = tmp("skillc-hreads-");
  const spec = site.startsWith("mcp:") ? site : `${origin}/${site}${INDEX}`;
  const r = await runNode(["--max-old-space-size=512", CLI, "import", spec], { cwd, timeoutMs: 120_000, env });
  if (r.signal || (r.code !== 0 && r.code !== 1)) rec.crash(CAT);
  expect(r.signal, `killed after ${r.ms} ms: ${r.stderr.slice(0, 500)}`).toBeNull();
  expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
  expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
  expect(existsSync(path.join(cwd, "skills")), "nothing written").toBe(false);
  return r;
}

describe("skills refused after they were read", () => {
  it("count toward what one import may read: 20 skills of 48 MiB that fail their digest stop at 512 MiB (red-team finding)", async () => {
    // Before: only skills taken counted toward the 256 MiB; refused ones were read whole, every one
    // of them (an index lists tens of thousands: terabytes), and the import went on.
    const r = await importSite("big");
    expect(r.stderr).toContain(`more than 512 MiB was read from ${origin}/big${INDEX} (passed at "s-10", skill 11 of 20, refused skills included); the import was refused and nothing was written.`);
    expect(hits.big).toBe(11);
    rec.rejected(CAT);
  }, 150_000);
});

describe("skills refused one after another", () => {
  // Before: one line per refused skill, and every refused skill's diagnostics: an index of 25,000
  // skills that all 404 printed 25,002 lines (4.5 MB) to the terminal or CI log. (An index may now
  // list 1,000 skills at most: the test below.)
  it("print the first 20 reasons and a count (red-team finding)", async () => {
    const r = await importSite("gone");
    const refused = r.stderr.split("\n").filter((l) => l.startsWith("skillc import: refused "));
    expect(refused).toHaveLength(21);
    expect(refused[0]).toBe(`skillc import: refused "s-0" (${origin}/gone/.well-known/agent-skills/s-0.md): ${origin}/gone/.well-known/agent-skills/s-0.md answered HTTP 404 Not Found.`);
    expect(refused[20]).toBe("skillc import: refused 980 more skills (not listed here)");
    rec.rejected(CAT);
  }, 150_000);

  it("print the diagnostics of the first 20 only (red-team finding)", async () => {
    const r = await importSite("bad");
    const reasons = r.stderr.split("\n").filter((l) => l.startsWith("skillc import: refused "));
    expect(reasons).toHaveLength(21);
    expect(reasons[20]).toBe("skillc import: refused 40 more skills (not listed here)");
    // Each refused skill's diagnostics name its staged SKILL.md once.
    const named = new Set(r.stderr.match(/s-\d+\/SKILL\.md/g) ?? []);
    expect(named.size).toBe(20);
    rec.rejected(CAT);
  }, 150_000);
});

describe("how much of a source one import reads", () => {
  it("an index listing more than 1,000 skills is refused before any is fetched, as an MCP listing is", async () => {
    // Before: every entry was fetched, one after another, each with 30 s of its own.
    const r = await importSite("over");
    expect(r.stderr).toContain(`${origin}/over${INDEX} lists more than 1000 skills; the import was refused.`);
    expect(hits.over).toBeUndefined();
    rec.rejected(CAT);
  }, 150_000);

  it("stops at the import's time limit, however patiently each request is answered", async () => {
    // Before: only each request was bounded (30 s): 1,000 skills (of 1,000 files each, in a v0.1.0
    // index) answered just inside it held one import for days. The limit is 10 minutes; set short here.
    const r = await importSite("slow", { SKILLC_IMPORT_TIMEOUT_MS: "1000" });
    expect(r.stderr).toMatch(new RegExp(`reading ${origin}/slow${INDEX} ran past the import's time limit \\(1 s; SKILLC_IMPORT_TIMEOUT_MS changes it; stopped at "s-\\d+", skill \\d+ of 20\\); the import was refused and nothing was written\\.`));
    expect(hits.slow).toBeLessThan(20);
    rec.rejected(CAT);
  }, 150_000);
});

describe("what an MCP listing may hold", () => {
  it("an MCP server's skills stop at the import's time limit too", async () => {
    const r = await importSite(`mcp:node ${FAT_MCP} 1 20 10 slow`, { SKILLC_IMPORT_TIMEOUT_MS: "1000" });
    expect(r.stderr).toMatch(/ran past the import's time limit \(1 s; SKILLC_IMPORT_TIMEOUT_MS changes it; stopped at "s\d+", skill \d+ of 20\); the import was refused and nothing was written\./);
    rec.rejected(CAT);
  }, 150_000);

  it("an MCP server that answers each skills/list page just in time stops at the import's time limit", async () => {
    // 100 pages of 300 ms each would take 30 s; the listing counts against the 1 s limit.
    const r = await importSite(`mcp:node ${FAT_MCP} 100 1 10 slowlist`, { SKILLC_IMPORT_TIMEOUT_MS: "1000" });
    expect(r.stderr).toMatch(/the MCP server's skills\/list ran past the import's time limit \(1 s; SKILLC_IMPORT_TIMEOUT_MS changes it; at page \d+\); the import was refused and nothing was written\./);
    expect(r.code).toBe(1);
    rec.rejected(CAT);
  }, 150_000);

  it("pages of skills with 1 MB of frontmatter each are refused at 16 MiB in all (red-team finding)", async () => {
    // Before: every listed skill was kept until fetched; 100 pages of 10 such skills (each page 10 MB,
    // well under one message's 72 MiB) ended the import in V8's out-of-memory abort (SIGABRT).
    const r = await importSite(`mcp:node ${FAT_MCP} 100 10 1000000`);
    expect(r.stderr).toContain('the skills the MCP server lists hold more than 16,777,216 characters of frontmatter and paths in all (at "s16"); the import was refused.');
    rec.rejected(CAT);
  }, 150_000);

  it("a listing whose frontmatter holds lists of millions is weighed without copying them", async () => {
    // Object.entries on each list (the first weighing) ended in the out-of-memory abort itself.
    const r = await importSite(`mcp:node ${FAT_MCP} 100 1 5000000 array`);
    expect(r.stderr).toContain('the skills the MCP server lists hold more than 16,777,216 characters of frontmatter and paths in all (at "s3"); the import was refused.');
    rec.rejected(CAT);
  }, 150_000);
});
