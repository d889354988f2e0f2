// The real-world corpus (162 skills by others) through a whole build: every skill that passes is in
// the bundle with every file byte-for-byte (in Node and in workerd), every one that fails is reported.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { startWorker, type RunningWorker } from "../helpers/workerd.js";
import { tempProject } from "../helpers/project.js";

const REPO = path.resolve(import.meta.dirname, "../..");
const ROOTS = ["obra-superpowers", "anthropic-skills", "k-dense-scientific-skills"].map((r) => `../shared/corpus/${r}`);
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

interface Manifest {
  skills: Array<{ name: string; path: string; dir: string; files: Array<{ path: string; sha256: string; bytes: number; binary: boolean }> }>;
}
type Bundle = {
  skills: {
    list(): Array<{ name: string; path: string }>;
    get(ref: string): { name: string; path: string; hidden: boolean } | undefined;
    load(ref: string, args?: string): { content: string; text: string; files: unknown[] };
    file(ref: string, rel: string): string | Uint8Array;
    search(q: string, o?: { limit?: number }): Array<{ skill: { name: string; path: string }; reason: string }>;
    catalog(o?: { budget?: number; format?: string }): string;
  };
};

let out: string;
let result: BuildResult;
let manifest: Manifest;
let bundle: Bundle;

beforeAll(async () => {
  out = tempProject({}, "skillc-corpus-");
  const config = resolveDefaults(REPO, { outDir: out });
  result = await build({ cwd: REPO, config, roots: ROOTS, emitOnError: true, cache: false });
  manifest = JSON.parse(await readFile(path.join(out, "manifest.json"), "utf8")) as Manifest;
  bundle = (await import(pathToFileURL(path.join(out, "index.js")).href)) as Bundle;
}, 180_000);

describe("building ../shared/corpus as three sources", () => {
  it("writes the error-free skills and reports every skill that failed, with a position", () => {
    expect(result.written).toBe(true);
    expect(result.found).toBe(162);
    const failed = new Set(result.diagnostics.filter((d) => d.severity === "error").map((d) => d.file.split("/").slice(0, -1).join("/")));
    // Every discovered skill is either in the bundle or has an error of its own: nothing silently dropped.
    const built = new Set(manifest.skills.map((s) => s.dir));
    expect(built.size + failed.size).toBe(162);
    for (const dir of failed) expect(built.has(dir)).toBe(false);
    for (const d of result.diagnostics) expect(d.line).toBeGreaterThanOrEqual(1);
    expect([...failed].map((d) => path.basename(d)).sort()).toEqual(["claude-api", "database-lookup", "neuropixels-analysis"]);
  });

  it("serves every file of every built skill byte-for-byte in Node", async () => {
    let checked = 0;
    for (const skill of manifest.skills) {
      for (const f of skill.files) {
        const source = await readFile(path.join(REPO, skill.dir, f.path));
        expect(f.sha256).toBe(sha256(source));
        const served = bundle.skills.file(skill.path, f.path);
        const bytes = typeof served === "string" ? new TextEncoder().encode(served) : served;
        expect(sha256(bytes), `${skill.dir}/${f.path}`).toBe(f.sha256);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("loads every skill, finds each by exact name, and keeps the catalog within its budget", () => {
    for (const skill of manifest.skills) {
      const meta = bundle.skills.get(skill.path)!;
      expect(meta.name).toBe(skill.name);
      const loaded = bundle.skills.load(skill.path);
      expect(loaded.text).toContain(`Base directory for this skill: ${skill.dir}`);
      if (!meta.hidden) expect(bundle.skills.search(skill.name, { limit: 1 })[0]!.skill.path).toBe(skill.path);
    }
    for (const budget of [500, 4000, 16000, 100000]) expect(bundle.skills.catalog({ budget }).length).toBeLessThanOrEqual(budget);
  });
});

describe("the corpus bundle in workerd", () => {
  let worker: RunningWorker;
  beforeAll(async () => {
    const worker_js = `
import { skills } from "./index.js";
const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
export default {
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/hashes") {
      const out = {};
      for (const s of skills.list()) for (const f of skills.get(s.path).files) {
        const v = skills.file(s.path, f.path);
        out[s.path + "#" + f.path] = hex(await crypto.subtle.digest("SHA-256", typeof v === "string" ? new TextEncoder().encode(v) : v));
      }
      return Response.json(out);
    }
    if (url.pathname === "/load") return Response.json(skills.load(url.searchParams.get("name"), url.searchParams.get("args") ?? undefined));
    if (url.pathname === "/search") return Response.json(skills.search(url.searchParams.get("q")).map((h) => h.skill.name));
    return new Response("not found", { status: 404 });
  },
};`;
    worker = await startWorker({ files: { "worker.js": worker_js, "index.js": await readFile(path.join(out, "index.js"), "utf8") } }, { timeoutMs: 60_000 });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
  });

  it("serves every visible skill's files with the source's sha256", async () => {
    const hashes = (await (await fetch(worker.url + "/hashes")).json()) as Record<string, string>;
    const visible = new Set(bundle.skills.list().map((s) => s.path));
    let n = 0;
    for (const skill of manifest.skills.filter((s) => visible.has(s.path))) {
      for (const f of skill.files) {
        expect(hashes[skill.path + "#" + f.path], `${skill.dir}/${f.path}`).toBe(f.sha256);
        n++;
      }
    }
    expect(n).toBe(Object.keys(hashes).length);
  });

  it("loads and searches there exactly as in Node", async () => {
    const name = manifest.skills.find((s) => s.name === "brainstorming")!.path;
    const remote = await (await fetch(worker.url + "/load?name=" + encodeURIComponent(name) + "&args=x")).json();
    expect(remote).toEqual(JSON.parse(JSON.stringify(bundle.skills.load(name, "x"))));
    const found = await (await fetch(worker.url + "/search?q=pdf")).json();
    expect(found).toEqual(bundle.skills.search("pdf").map((h) => h.skill.name));
  });
});
