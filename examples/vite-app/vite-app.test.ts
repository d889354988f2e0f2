// Builds examples/vite-app with a real `vite build` through skillc's plugin (`skillc/vite`), in the
// single layout and in the split one (each skill a chunk the bundler code-splits), then runs what
// it built where the README says skills run: the server entry in Node, workerd, Deno and Bun, the
// page in a headless Chromium; checks the generated types with tsc; and shows a broken SKILL.md
// failing the build at its position with its rule id.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_TEST_MS, launchChromium, openPage, runModule, serveStatic } from "../../test/helpers/runtimes.js";
import { FETCH_ONCE, tsc, viteAppCopy, viteBuild, viteBuildServer } from "../../test/helpers/vite-app.js";
import { startWorker } from "../../test/helpers/workerd.js";

let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
});

/** Every file under `root`, relative, with `/`. */
async function filesUnder(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/")).sort();
}

describe.each(["single", "split"] as const)("examples/vite-app built by vite build, %s layout", (layout) => {
  let dir: string;
  let expected: Record<string, unknown>;

  beforeAll(async () => {
    dir = viteAppCopy();
    if (layout === "split") await writeFile(path.join(dir, "skillc.config.json"), JSON.stringify({ output: "split" }));
    await viteBuild(dir);
    await viteBuildServer(dir);
    await writeFile(path.join(dir, "dist-server", "run.mjs"), FETCH_ONCE);
    const server = (await import(pathToFileURL(path.join(dir, "dist-server", "server.js")).href)).default;
    expected = await (await server.fetch(new Request("http://app.test/"))).json();
  });

  it("emits one file per skill chunk in the split layout, none in the single one", async () => {
    // The modules (chunks/ also holds the manifest's and index.d.ts's shards, .json and .d.ts).
    const names = (await readdir(path.join(dir, ".skillc", "chunks")).catch(() => [])).filter((f) => f.endsWith(".js"));
    // The skills' payload chunks and the links module (`export const i={…}`) that imports them are lazy files of their
    // own; the metadata shard (`export const m=…`) is bundled with the app's code.
    const head = async (f: string) => (await readFile(path.join(dir, ".skillc", "chunks", f), "utf8")).slice(0, 15);
    const heads = await Promise.all(names.map(head));
    const chunks = names.filter((_, k) => heads[k] !== "export const m=").map((f) => f.replace(/\.js$/, "")).sort();
    expect(heads.filter((h) => h === "export default ")).toHaveLength(layout === "split" ? 2 : 0);
    expect(chunks).toHaveLength(layout === "split" ? 3 : 0);
    expect(names).toHaveLength(layout === "split" ? 4 : 0);
    for (const out of ["dist", "dist-server"]) {
      const emitted = (await filesUnder(path.join(dir, out))).filter((f) => /^assets\/[0-9a-f]{64}-/.test(f));
      // Vite names each lazy module after its source, chunks/<sha256>.js: one emitted file for each.
      expect(emitted.map((f) => f.slice("assets/".length, "assets/".length + 64)).sort()).toEqual(chunks);
    }
  });

  it("runs in Node: the skills were compiled into the app", () => {
    expect(expected.names).toEqual(["greet", "summarize"]);
    expect(expected.greeting).toContain("Write a two-sentence greeting for Ada.");
    expect(expected.tone).toContain("no exclamation marks");
    expect(expected.catalog).toMatch(/^- greet: Writes a short, warm greeting/m);
    expect(expected.tools).toContain("load_skill");
  });

  it("runs in workerd", async () => {
    const files: Record<string, string> = {};
    for (const f of await filesUnder(path.join(dir, "dist-server"))) if (f !== "run.mjs") files[f] = await readFile(path.join(dir, "dist-server", f), "utf8");
    const worker = await startWorker({ files }, { main: "server.js" });
    try {
      expect(await (await fetch(worker.url + "/")).json()).toEqual(expected);
    } finally {
      await worker.stop();
    }
  });

  it.each(["deno", "bun"] as const)("runs in %s", async (runtime) => {
    const ran = await runModule(runtime, path.join(dir, "dist-server", "run.mjs"));
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual(expected);
  });

  it("runs in a headless Chromium: the page shows the same summary", async () => {
    browser ??= await launchChromium();
    const site = await serveStatic(path.join(dir, "dist"));
    try {
      const { page, errors } = await openPage(browser, site.url + "/", () => !!document.getElementById("result")?.textContent?.startsWith("{"));
      expect(errors).toEqual([]);
      expect(JSON.parse((await page.textContent("#result"))!)).toEqual(expected);
    } finally {
      await site.close();
    }
  }, CHROMIUM_TEST_MS);

  it("types: skillc-env.d.ts declares skillc:skills; the app compiles and a wrong skill name or file does not", async () => {
    const env = await readFile(path.join(dir, "skillc-env.d.ts"), "utf8");
    expect(env).toContain('declare module "skillc:skills" {');
    expect(env).toContain('export type SkillName = "greet" | "summarize";');
    // Split: the type shards are embedded (an ambient module may not import a relative path).
    expect(env).not.toContain('from "./chunks/');
    expect(await tsc(dir)).toEqual({ code: 0, out: "" });
    await writeFile(path.join(dir, "src", "wrong.ts"), 'import { skills } from "skillc:skills";\nskills.load("no-such-skill");\nskills.file("greet", "references/missing.md");\n');
    const wrong = await tsc(dir);
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain("src/wrong.ts(2,13): error TS2345");
    expect(wrong.out).toContain("src/wrong.ts(3,22): error TS2345");
  }, 180_000);
});

describe("a broken skill in vite build", () => {
  it("fails the build with the SKILL.md position and rule id; fixed, it builds again", async () => {
    const dir = viteAppCopy();
    const file = path.join(dir, "skills", "summarize", "SKILL.md");
    const good = await readFile(file, "utf8");
    await writeFile(file, good.replace(/^description: .*$/m, "description: Summaries: three bullet points"));
    const failed = await viteBuild(dir).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(failed!.message).toContain("skills/summarize/SKILL.md:3:14  error  yaml-syntax");
    await writeFile(file, good);
    await viteBuild(dir);
    const html = await readFile(path.join(dir, "dist", "index.html"), "utf8");
    expect(html).toContain("<pre id=\"result\">");
  });
});
