// What one `skillc import <url>` reads and prints when the skills an index offers are refused one
// after another, through the built CLI as a real process. (import-remote.test.ts covers hosts that
// break their answers, floods of bad index entries and what the skills taken may hold.)
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCOVERY_SCHEMA_V2 } from "../../src/archive/well-known.js";
import { CLI, Recorder, cleanupTmp, ensureCli, runNode, tmp, type Proc } from "./helpers.js";

const rec = new Recorder("import-reads");
const CAT = "import: refused skills";
const INDEX = "/.well-known/agent-skills/index.json";
const WRONG = "sha256:" + "0".repeat(64);

/** An index of `n` SKILL.md entries whose digests the bodies never match. */
const index = (n: number) =>
  JSON.stringify({
    $schema: DISCOVERY_SCHEMA_V2,
    skills: Array.from({ length: n }, (_, i) => ({ name: `s-${i}`, description: "Refused.", type: "skill-md", url: `s-${i}.md`, digest: WRONG })),
  });

const BIG = Buffer.alloc(48 * 1024 * 1024, "a");
const hits: Record<string, number> = {};
let server: http.Server;
let origin: string;

beforeAll(async () => {
  await ensureCli();
  const indexes: Record<string, string> = { big: index(20) };
  server = http.createServer((req, res) => {
    const [, site, ...rest] = new URL(req.url ?? "/", "http://x").pathname.split("/");
    if (`/${rest.join("/")}` === INDEX && indexes[site!]) return void res.writeHead(200, { "content-type": "application/json" }).end(indexes[site!]);
    hits[site!] = (hits[site!] ?? 0) + 1;
    if (site === "big") return void res.writeHead(200).end(BIG);
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

/** `skillc import <site>`: exit 1, no internal error, nothing written. */
async function importSite(site: string): Promise<Proc> {
  rec.tried(CAT);
  const cwd = tmp("skillc-hreads-");
  const r = await runNode(["--max-old-space-size=512", CLI, "import", `${origin}/${site}${INDEX}`], { cwd, timeoutMs: 120_000 });
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
