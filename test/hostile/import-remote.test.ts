// Hostile remote sources for `skillc import <url | mcp:…>`, through the built CLI as a real process:
// a host that breaks its answer off, garbles it or sends a Location that is no URL, an index of
// millions of bad entries, an MCP server listing hundreds of thousands of skills on one page or a
// SKILL.md of 150,000 keys. Each is refused (or answered) with a message, never an internal error,
// and in work linear in its size (the bounds below are minutes before the fixes, seconds after).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveError } from "../../src/archive/entries.js";
import { fetchBytes } from "../../src/archive/fetch.js";
import { DISCOVERY_SCHEMA_V2, parseIndex, sha256Digest } from "../../src/archive/well-known.js";
import { deterministicTarGz } from "../../src/publish/tar-gz.js";
import { CLI, REPO, Recorder, cleanupTmp, ensureCli, runNode, skillMd, tmp, writeTree, type Proc } from "./helpers.js";

const rec = new Recorder("import-remote");
const HOSTILE_MCP = path.join(REPO, "test/fixtures/mcp/hostile-server.mjs");
const DEEP_MCP = path.join(REPO, "test/fixtures/mcp/deep-server.mjs");
const INDEX = "/.well-known/agent-skills/index.json";

/** path → how the host answers it. */
const answers: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
  // Headers promise 10,000 bytes; the connection is reset after 11.
  [`/cut${INDEX}`]: (_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "10000" });
    res.write('{"skills":[');
    setTimeout(() => res.socket?.destroy(), 20);
  },
  // Content-Encoding: gzip over bytes that are not gzip.
  [`/badgz${INDEX}`]: (_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    res.end("this is not a gzip stream");
  },
  // A redirect whose Location no URL parser accepts.
  [`/badloc${INDEX}`]: (_req, res) => {
    res.writeHead(302, { location: "http://[::1" });
    res.end();
  },
  // 300,000 entries that are not objects (600 KB; a 4 MiB index holds two million).
  [`/flood${INDEX}`]: (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(`{"skills":[${Array(300_000).fill("0").join(",")}]}`);
  },
  // Headers at once, then a byte every 50 ms, never the end.
  "/drip": (req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => res.write(" "), 50);
    req.socket.on("close", () => clearInterval(timer));
  },
};

/**
 * Six skills of 48 MiB each (three 16 MiB files, the per-file cap), each archive ~0.6 MB (every
 * 100 KB of a file is 1 KB of random bytes and zeros: under the 200:1 bomb ratio). Each is within
 * every per-skill limit; together they pass what one import may hold in memory.
 */
function heavySite(): Record<string, Buffer> {
  const block = Buffer.alloc(100 * 1024);
  let x = 2463534242;
  for (let i = 0; i < 1024; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    block[i] = x & 0xff;
  }
  const big = Buffer.concat(Array(Math.ceil((16 * 1024 * 1024) / block.length)).fill(block)).subarray(0, 16 * 1024 * 1024);
  const site: Record<string, Buffer> = {};
  const skills = [];
  for (let n = 1; n <= 6; n++) {
    const name = `heavy-${n}`;
    const files = [{ path: "SKILL.md", data: Buffer.from(skillMd(name)), executable: false }];
    for (const part of ["a", "b", "c"]) files.push({ path: `assets/${part}.bin`, data: big, executable: false });
    const archive = Buffer.from(deterministicTarGz(files));
    site[`/heavy/.well-known/agent-skills/${name}.tar.gz`] = archive;
    skills.push({ name, description: `Heavy skill ${n}. Use it to test.`, type: "archive", url: `${name}.tar.gz`, digest: sha256Digest(archive) });
  }
  site[`/heavy${INDEX}`] = Buffer.from(JSON.stringify({ $schema: DISCOVERY_SCHEMA_V2, skills }));
  return site;
}

let server: http.Server;
let origin: string;
beforeAll(async () => {
  await ensureCli();
  const heavy = heavySite();
  server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const answer = answers[pathname];
    if (answer) return answer(req, res);
    if (heavy[pathname]) return void res.writeHead(200).end(heavy[pathname]);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  rec.write();
  cleanupTmp();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** `skillc import <spec>` in a fresh project: exit 0/1, no internal error, nothing written. */
async function importFrom(category: string, spec: string, timeoutMs: number): Promise<Proc> {
  rec.tried(category);
  const cwd = tmp("skillc-hremote-");
  const r = await runNode(["--max-old-space-size=512", CLI, "import", spec], { cwd, timeoutMs });
  if (r.signal || (r.code !== 0 && r.code !== 1)) rec.crash(category);
  expect(r.signal, `killed after ${r.ms} ms: ${r.stderr.slice(0, 500)}`).toBeNull();
  expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
  expect(r.code, r.stderr.slice(0, 2000)).toBe(1);
  expect(existsSync(path.join(cwd, "skills")), "nothing written").toBe(false);
  rec.rejected(category);
  return r;
}

describe("a host that breaks its answer is refused with a message (each was an internal error)", () => {
  it("the connection reset in the middle of the body", async () => {
    const r = await importFrom("import: hostile hosts", `${origin}/cut${INDEX}`, 30_000);
    expect(r.stderr).toContain(`${origin}/cut${INDEX} could not be read to its end`);
  });

  it("Content-Encoding: gzip over bytes that are not gzip", async () => {
    const r = await importFrom("import: hostile hosts", `${origin}/badgz${INDEX}`, 30_000);
    expect(r.stderr).toContain(`${origin}/badgz${INDEX} could not be read to its end`);
  });

  it("a Location that is not a URL", async () => {
    const r = await importFrom("import: hostile hosts", `${origin}/badloc${INDEX}`, 30_000);
    expect(r.stderr).toContain('redirects to "http://[::1", which is not a URL');
  });

  it("a body that drips past the time limit (the limit shortened for the test)", async () => {
    rec.tried("import: hostile hosts");
    const error = await fetchBytes(`${origin}/drip`, 1024 * 1024, undefined, 500).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toBe(`${origin}/drip could not be read to its end (no complete answer within 0.5 s); it was refused.`);
    rec.rejected("import: hostile hosts");
  });
});

describe("hostile listings cost work linear in their size", () => {
  it("an index of 300,000 bad entries prints 20 reasons and a count, not 300,000 lines", async () => {
    const r = await importFrom("import: hostile listings", `${origin}/flood${INDEX}`, 60_000);
    const skipped = r.stderr.split("\n").filter((l) => l.startsWith("skillc import: skipped "));
    expect(skipped).toHaveLength(21);
    expect(skipped[0]).toBe("skillc import: skipped skills[0]: not an object");
    expect(skipped[20]).toBe("skillc import: skipped 299,980 more entries (not listed here)");
    expect(r.stderr).toContain("offers no skill skillc can import; nothing was written.");
  });

  it("an MCP server listing 150,000 skills on one page is refused at the 1,001st (it took 70 s of CPU)", async () => {
    const r = await importFrom("import: hostile listings", `mcp:node ${HOSTILE_MCP} many 150000`, 40_000);
    expect(r.stderr).toContain("the MCP server lists more than 1000 skills; the import was refused.");
  });

  it("an MCP server's SKILL.md with 20,000 metadata keys is read once, linearly (its YAML check was quadratic); with 150,000 (1.8 MiB) it is refused unparsed", async () => {
    rec.tried("import: hostile listings");
    const cwd = tmp("skillc-hremote-");
    const r = await runNode(["--max-old-space-size=512", CLI, "import", `mcp:node ${HOSTILE_MCP} keys 20000`], { cwd, timeoutMs: 40_000 });
    expect(r.signal, `killed after ${r.ms} ms`).toBeNull();
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(r.stdout).toContain("imported big into skills/big/ (1 file)");
    const big = await runNode(["--max-old-space-size=512", CLI, "import", `mcp:node ${HOSTILE_MCP} keys 150000`], { cwd: tmp("skillc-hremote-"), timeoutMs: 40_000 });
    expect(big.signal, `killed after ${big.ms} ms`).toBeNull();
    expect(big.code).toBe(1);
    expect(big.stdout + big.stderr).toContain("skill-file-too-large");
  });
});

describe("values nested deeper than a recursive walk can go", () => {
  // JSON.parse reads any depth; JSON.stringify (which quoted the bad value in the skip reason) overflowed.
  it.each([
    ["an entry's uri", "uri", "skipped an entry's uri (an array) does not end in /SKILL.md"],
    ["a resource's uri", "resource", "skipped skill://a/SKILL.md: resource (an array) is not inside the skill"],
  ])("%s of 100,000 nested arrays from an MCP server is skipped with a reason (it was an internal error)", async (_label, where, reason) => {
    const r = await importFrom("import: hostile listings", `mcp:node ${DEEP_MCP} ${where} 100000`, 30_000);
    expect(r.stderr).toContain(`skillc import: ${reason}`);
  });

  it("an index entry's name, type and $schema of 100,000 nested arrays are reasons, not a crash", () => {
    rec.tried("import: hostile listings");
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const url = "https://example.test/.well-known/agent-skills/index.json";
    const index = (text: string) => parseIndex(Buffer.from(text), url);
    expect(index(`{"skills":[{"name":${deep}}]}`).skipped).toEqual(["skills[0]: name (an array) is not a valid skill name"]);
    const v2 = `"$schema":"${DISCOVERY_SCHEMA_V2}"`;
    expect(index(`{${v2},"skills":[{"name":"a","description":"d","type":${deep}}]}`).skipped).toEqual(['skills[0]: "a": type (an array) is not "skill-md" or "archive"']);
    expect(() => index(`{"$schema":${deep},"skills":[]}`)).toThrow(`${url} declares "$schema": (an array), which skillc does not know`);
    // A long bad value is quoted cut short, not whole.
    expect(index(`{"skills":[{"name":"${"x".repeat(100_000)}"}]}`).skipped[0]).toBe(`skills[0]: name "${"x".repeat(60)}…" is not a valid skill name`);
    rec.rejected("import: hostile listings");
  });
});

describe("what one import may hold", () => {
  // Every skill stays in memory until all are checked (nothing is written unless all is well):
  // six skills within every per-skill limit took 492 MB, and an index has no limit on their number.
  it("a site whose skills pass 256 MiB in all is refused at the one that passes it, nothing written", async () => {
    const r = await importFrom("import: hostile listings", `http://127.0.0.1:${new URL(origin).port}/heavy${INDEX}`, 120_000);
    expect(r.stderr).toContain('hold more than 256 MiB in all (passed at "heavy-6", skill 6 of 6); the import was refused and nothing was written.');
  }, 150_000);
});

describe("a project skill of 150,000 frontmatter keys (a pull request can add one)", () => {
  it("`remove` reads every skill's name in linear time (it was quadratic: 40,000 keys took 15 s, lint 1 s)", async () => {
    rec.tried("import: hostile listings");
    const cwd = tmp("skillc-hremote-");
    const keys = Array.from({ length: 150_000 }, (_, i) => `  k${i}: v`).join("\n");
    writeTree(cwd, { "skills/big/SKILL.md": skillMd("big", "A big skill.", "Use it.", `metadata:\n${keys}\n`), "skills/small/SKILL.md": skillMd("small") });
    const r = await runNode(["--max-old-space-size=512", CLI, "remove", "nothing"], { cwd, timeoutMs: 40_000 });
    expect(r.signal, `killed after ${r.ms} ms`).toBeNull();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no skill "nothing"');
    rec.rejected("import: hostile listings");
  });
});
