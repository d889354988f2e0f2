// Builds examples/vite-app with a real `vite build` through skillc's plugin (`skillc/vite`), then
// runs what it built where the README says skills run: the server entry in Node, workerd, Deno
// and Bun, the page in a headless Chromium; checks the generated types with tsc; and shows a broken
// SKILL.md failing the build at its position with its rule id.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, runModule, serveStatic } from "../../test/helpers/runtimes.js";
import { FETCH_ONCE, tsc, viteAppCopy, viteBuild, viteBuildServer } from "../../test/helpers/vite-app.js";
import { startWorker } from "../../test/helpers/workerd.js";

let dir: string;
let expected: Record<string, unknown>;
let browser: Browser | undefined;

beforeAll(async () => {
  dir = viteAppCopy();
  await viteBuild(dir);
  await viteBuildServer(dir);
  await writeFile(path.join(dir, "dist-server", "run.mjs"), FETCH_ONCE);
  const server = (await import(pathToFileURL(path.join(dir, "dist-server", "server.js")).href)).default;
  expected = await (await server.fetch(new Request("http://app.test/"))).json();
});

afterAll(async () => {
  await browser?.close();
});

describe("examples/vite-app built by vite build", () => {
  it("runs in Node: the skills were compiled into the app", () => {
    expect(expected.names).toEqual(["greet", "summarize"]);
    expect(expected.greeting).toContain("Write a two-sentence greeting for Ada.");
    expect(expected.tone).toContain("no exclamation marks");
    expect(expected.catalog).toMatch(/^- greet: Writes a short, warm greeting/m);
    expect(expected.tools).toContain("load_skill");
  });

  it("runs in workerd", async () => {
    const worker = await startWorker({ files: { "server.js": await readFile(path.join(dir, "dist-server", "server.js"), "utf8") } });
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
    browser = await launchChromium();
    const site = await serveStatic(path.join(dir, "dist"));
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(site.url + "/");
      await page.waitForFunction(() => document.getElementById("result")?.textContent?.startsWith("{"));
      expect(errors).toEqual([]);
      expect(JSON.parse((await page.textContent("#result"))!)).toEqual(expected);
    } finally {
      await site.close();
    }
  });

  it("types: skillc-env.d.ts declares skillc:skills; the app compiles and a wrong skill name or file does not", async () => {
    const env = await readFile(path.join(dir, "skillc-env.d.ts"), "utf8");
    expect(env).toContain('declare module "skillc:skills" {');
    expect(env).toContain('export type SkillName = "greet" | "summarize";');
    expect(await tsc(dir)).toEqual({ code: 0, out: "" });
    await writeFile(path.join(dir, "src", "wrong.ts"), 'import { skills } from "skillc:skills";\nskills.load("no-such-skill");\nskills.file("greet", "references/missing.md");\n');
    const wrong = await tsc(dir);
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain("src/wrong.ts(2,13): error TS2345");
    expect(wrong.out).toContain("src/wrong.ts(3,22): error TS2345");
  });
});

describe("a broken skill in vite build", () => {
  it("fails the build with the SKILL.md position and rule id; fixed, it builds again", async () => {
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
