// The bundle `skillc build` writes, in both layouts (single index.js; split, each skill's payload a
// chunks/<sha256>.js reached by import()), runs unchanged in every runtime the README names: the
// same probe (list, load with arguments, a binary file, a toolset tool call, search, the catalog)
// gives the same answers in workerd, Deno, Bun, Vercel's Edge Runtime and a headless Chromium as in
// Node (and again through a Vite-built app: examples/vite-app).
// Each runtime is the real one (its own process; Vercel's Edge Runtime is its own npm package, run in
// this process); a missing one fails its test with how to install it.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EdgeVM } from "@edge-runtime/vm";
import { build as esbuild } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";
import { CHROMIUM_TEST_MS, launchChromium, openPage, runModule, serveStatic } from "../helpers/runtimes.js";
import { startWorker } from "../helpers/workerd.js";

// Awaited everywhere: the split layout returns Promises from load, file and call.
const PROBE = `import { skills, SkillError } from "./out/index.js";
export async function probe() {
  const loaded = await skills.load("release-notes", ["1.2.0", "v1.1.0"]);
  const png = await skills.file("triage-bug", "assets/severity-matrix.png");
  const bump = await skills.call("semver-bump", { version: "1.4.2", subjects: ["feat: add x", "fix: y"] });
  let missing = "";
  try { await skills.load("no-such-skill"); } catch (e) { missing = e instanceof SkillError ? e.code : "not a SkillError"; }
  return {
    names: skills.list().map((s) => s.name),
    content: loaded.content,
    png: [png.constructor.name, png.length, Array.from(png.subarray(0, 8))],
    bump: JSON.parse(bump.content[0].text),
    missing,
    search: skills.search("release notes", { limit: 2 }).map((r) => r.skill.name),
    catalog: skills.catalog({ format: "xml" }),
  };
}
`;

let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
});

describe.each(["single", "split"] as const)("the bundle (%s layout) in every runtime the README names", (layout) => {
  let dir: string;
  let expected: Record<string, unknown>;

  beforeAll(async () => {
    dir = tempProject({
      "probe.mjs": PROBE,
      "main.mjs": 'import { probe } from "./probe.mjs";\nconsole.log(JSON.stringify(await probe()));\n',
      "skillc.config.json": JSON.stringify({ output: layout, outDir: "out" }),
    });
    // The repository's skills, built in the temporary project with its config (the root given replaces its sources).
    const built = await runCli(["build", path.join(REPO, "skills")], { cwd: dir });
    expect(built.code, built.stderr).toBe(0);
    expected = await (await import(pathToFileURL(path.join(dir, "probe.mjs")).href)).probe();
  });

  it("is laid out as asked", async () => {
    // The modules (chunks/ also holds the manifest's and index.d.ts's shards, .json and .d.ts):
    // six skills' payload chunks, one metadata shard and its links module.
    const chunks = (await readdir(path.join(dir, "out", "chunks")).catch(() => [])).filter((n) => n.endsWith(".js"));
    expect(chunks.length).toBe(layout === "split" ? 8 : 0);
  });

  it("answers the probe in Node (the reference)", () => {
    expect(expected.names).toContain("release-notes");
    expect(expected.content).toContain("1.2.0");
    expect(expected.png).toEqual(["Uint8Array", expect.any(Number), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]);
    expect(expected.bump).toMatchObject({ version: "1.5.0", bump: "minor" });
    expect(expected.missing).toBe("NOT_FOUND");
  });

  it.each(["deno", "bun"] as const)("gives the same answers in %s", async (runtime) => {
    const ran = await runModule(runtime, path.join(dir, "main.mjs"));
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual(expected);
  });

  it("gives the same answers in workerd, every chunk a module of the Worker", async () => {
    const files: Record<string, string> = {
      "worker.js": 'import { probe } from "./probe.mjs";\nexport default { async fetch() { return new Response(JSON.stringify(await probe())); } };\n',
      "probe.mjs": PROBE,
      "out/index.js": await readFile(path.join(dir, "out", "index.js"), "utf8"),
    };
    // Modules: the .js chunks, as a wrangler rule `chunks/*.js` uploads them.
    for (const chunk of (await readdir(path.join(dir, "out", "chunks")).catch(() => [])).filter((n) => n.endsWith(".js"))) files[`out/chunks/${chunk}`] = await readFile(path.join(dir, "out", "chunks", chunk), "utf8");
    const worker = await startWorker({ files }, { main: "worker.js" });
    try {
      expect(await (await fetch(worker.url + "/")).json()).toEqual(expected);
    } finally {
      await worker.stop();
    }
  });

  it("gives the same answers in Vercel's Edge Runtime (edge-runtime's EdgeVM: web globals only)", async () => {
    // The Edge Runtime evaluates scripts: the probe and the bundle become one script, as Vercel's
    // build bundles an edge function.
    const script = await esbuild({ entryPoints: [path.join(dir, "probe.mjs")], bundle: true, format: "iife", globalName: "__probe", write: false, logLevel: "silent" });
    const vm = new EdgeVM();
    vm.evaluate(script.outputFiles[0]!.text);
    const answer = await vm.evaluate<Promise<string>>("__probe.probe().then((r) => JSON.stringify(r))");
    expect(JSON.parse(answer)).toEqual(expected);
  });

  it("gives the same answers in a headless Chromium, imported by a page from 127.0.0.1", async () => {
    await writeFile(path.join(dir, "index.html"), '<!doctype html><pre id="out"></pre><script type="module">import { probe } from "./probe.mjs";\nprobe().then((r) => (document.getElementById("out").textContent = JSON.stringify(r)), (e) => (document.getElementById("out").textContent = "error: " + e.message));</script>');
    browser ??= await launchChromium();
    const site = await serveStatic(dir);
    try {
      const { page, errors } = await openPage(browser, site.url + "/", () => (document.getElementById("out")?.textContent ?? "") !== "");
      expect(errors).toEqual([]);
      expect(JSON.parse((await page.textContent("#out"))!)).toEqual(expected);
    } finally {
      await site.close();
    }
  }, CHROMIUM_TEST_MS);
});
