// fetchLoader against hostile chunk hosts (README: "the host serving chunks does not need to be
// trusted"), each a real node:http server: one that streams without end, one that declares a huge
// body, one that never answers, one that redirects to another host's different chunk. Each load
// is refused with an EXECUTION_ERROR within its bounds; a redirect to the right bytes is fine
// (the digest is what is trusted, not the host).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../../src/emit/manifest-read.js";
import { cleanupTmp, ensureCli, runCliBounded, skillMd, tmp, writeTree } from "./helpers.js";

type Bundle = {
  createSkills(o: unknown): { load(name: string): Promise<{ content: string }>; call(name: string, input: unknown): Promise<{ isError?: boolean; content: Array<{ text: string }> }> };
  fetchLoader(base: string, o?: { maxBytes?: number; timeoutMs?: number }): unknown;
};
let m: Bundle;
let out: string;
const closers: Array<() => void> = [];

beforeAll(async () => {
  await ensureCli();
  const dir = tmp();
  writeTree(dir, { "skills/a/SKILL.md": skillMd("a"), "skills/b/SKILL.md": skillMd("b", "Does b things.", "Other text."), "skillc.config.json": JSON.stringify({ output: "split" }) });
  expect((await runCliBounded(["build"], dir)).code).toBe(0);
  out = path.join(dir, ".skillc");
  m = (await import(pathToFileURL(path.join(out, "index.js")).href)) as Bundle;
}, 120_000);

afterAll(() => {
  for (const c of closers) c();
  cleanupTmp();
});

async function host(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handle);
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  closers.push(() => server.closeAllConnections(), () => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const refusal = (e: unknown) => (e as { code?: string; message?: string });

describe("fetchLoader: hosts that do not end", () => {
  it("a body that streams without end is cut off at maxBytes", async () => {
    const url = await host((_req, res) => {
      res.writeHead(200, { "content-type": "text/javascript" });
      const block = Buffer.alloc(64 * 1024, 0x20);
      const more = () => {
        while (!res.destroyed && res.write(block));
        if (!res.destroyed) res.once("drain", more);
      };
      more();
    });
    const e = refusal(await m.createSkills({ loader: m.fetchLoader(url, { maxBytes: 1 << 20 }) }).load("a").catch((x: unknown) => x));
    expect(e.code).toBe("EXECUTION_ERROR");
    expect(e.message).toContain("is over 1048576 bytes: refused");
  });

  it("a declared Content-Length over the default limit is refused before reading", async () => {
    const url = await host((_req, res) => {
      res.writeHead(200, { "content-length": String(2 ** 40) });
      res.write(Buffer.alloc(1024));
    });
    const e = refusal(await m.createSkills({ loader: m.fetchLoader(url) }).load("a").catch((x: unknown) => x));
    expect(e).toMatchObject({ code: "EXECUTION_ERROR", message: expect.stringContaining(`is over ${64 * 1024 * 1024} bytes: refused`) });
  });

  it("a host that never answers fails the load after timeoutMs, its request is aborted, and call turns it into an isError result", async () => {
    let open = 0;
    const url = await host((req) => {
      open++;
      req.socket.once("close", () => open--);
    });
    const skills = m.createSkills({ loader: m.fetchLoader(url, { timeoutMs: 200 }) });
    const e = refusal(await skills.load("a").catch((x: unknown) => x));
    expect(e).toMatchObject({ code: "EXECUTION_ERROR", message: expect.stringContaining("did not arrive within 200 ms") });
    // The request is dropped, not left hanging on the host until it gives up.
    for (let i = 0; i < 50 && open > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(open).toBe(0);
    const r = await skills.call("load_skill", { name: "b" });
    expect(r.isError).toBe(true);
  });
});

describe("fetchLoader: redirects", () => {
  it("a redirect to another host serving the right bytes is followed; one serving another chunk is refused", async () => {
    const file = (urlPath: string) => readFileSync(path.join(out, urlPath));
    const chunkOf = (name: string) => readManifest(out).skills.find((s) => s.name === name)!.chunk as string; // "chunks/<sha256>.js"
    const other = await host((req, res) => res.end(file(req.url!.slice(1))));
    const liar = await host((_req, res) => res.end(file(chunkOf("b")))); // b's chunk, whatever is asked
    const redirectTo = (to: string) => host((req, res) => res.writeHead(302, { location: new URL(req.url!.slice(1), to).href }).end());
    const honest = m.createSkills({ loader: m.fetchLoader(await redirectTo(other)) });
    expect((await honest.load("a")).content).toContain("Use a.");
    const lying = m.createSkills({ loader: m.fetchLoader(await redirectTo(liar)) });
    const e = refusal(await lying.load("a").catch((x: unknown) => x));
    expect(e).toMatchObject({ code: "EXECUTION_ERROR", message: expect.stringContaining("does not match its SHA-256 hash: refused") });
  });
});

describe("fetchLoader: options", () => {
  it("a timeoutMs past what a timer can hold (Infinity, 2^31 ms) waits, instead of failing every load at once", async () => {
    const served = path.join(out, "chunks");
    const url = await host((req, res) => res.end(readFileSync(path.join(served, path.basename(req.url!)))));
    for (const timeoutMs of [Infinity, 2 ** 31, 1e12]) {
      expect((await m.createSkills({ loader: m.fetchLoader(url, { timeoutMs }) }).load("a")).content, String(timeoutMs)).toContain("Use a.");
    }
  });
});

