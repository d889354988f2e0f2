// `vite dev` with skillc's plugin, through Vite's dev server API and a real browser: a SKILL.md edit
// rebuilds the skills and reaches the module (server side through ssrLoadModule, the page through a
// reload); a broken SKILL.md shows in Vite's error overlay with its position and rule id; fixed,
// the page comes back. Each good edit reloads the page once, when its build is complete.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/runtimes.js";
import { viteAppCopy } from "../helpers/vite-app.js";

let dir: string;
let server: ViteDevServer;
let browser: Browser | undefined;
let greet: string;
let original: string;

beforeAll(async () => {
  dir = viteAppCopy();
  greet = path.join(dir, "skills", "greet", "SKILL.md");
  original = await readFile(greet, "utf8");
  const { createServer } = await import("vite");
  server = await createServer({ root: dir, configFile: path.join(dir, "vite.config.js"), logLevel: "silent", server: { host: "127.0.0.1", port: 0 } });
  await server.listen();
  // Counts the reloads the page is sent (skillc's, and Vite's own if it reloaded on the outDir).
  const hot = server.environments.client!.hot;
  const send = hot.send.bind(hot) as (payload: unknown) => void;
  hot.send = ((payload: { type?: string }) => {
    if (payload?.type === "full-reload") reloadsSent++;
    send(payload);
  }) as typeof hot.send;
});
let reloadsSent = 0;

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Calls `read` until `done` holds, up to `tries` times 100 ms apart (a rebuild takes a few hundred ms). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 300): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

const greetingOnServer = async () => ((await (await server.ssrLoadModule("/src/app.ts")).summary()) as { greeting: string }).greeting;

describe("vite dev with skillc/vite", () => {
  it("a SKILL.md edit rebuilds the skills and reaches the module through the dev server", async () => {
    expect(await greetingOnServer()).toContain("Write a two-sentence greeting for Ada.");
    await writeFile(greet, original.replace("two-sentence", "three-sentence"));
    expect(await eventually(greetingOnServer, (g) => g.includes("three-sentence"))).toContain("Write a three-sentence greeting for Ada.");
  });

  it("the page reloads with the edit; a broken skill shows in the error overlay; fixed, the page is back", async () => {
    browser = await launchChromium();
    const page: Page = await browser.newPage();
    // A reload sent while the page is between documents is lost (Vite's client has not connected
    // yet), so an edit waits for the page's HMR connection, as a person's next save would.
    let connected = false;
    page.on("framenavigated", (frame) => void (frame === page.mainFrame() && (connected = false)));
    page.on("console", (message) => void (message.text().includes("[vite] connected.") && (connected = true)));
    const edit = async (text: string) => {
      await eventually(async () => connected, (c) => c);
      await writeFile(greet, text);
    };
    await page.goto(server.resolvedUrls!.local[0]!);
    const greetingInPage = async () => (await page.textContent("#result").catch(() => "")) ?? "";
    expect(await eventually(greetingInPage, (t) => t.includes("three-sentence"))).toContain("three-sentence");

    const reloadsBefore = reloadsSent;
    await edit(original.replace("two-sentence", "four-sentence"));
    expect(await eventually(greetingInPage, (t) => t.includes("four-sentence"))).toContain("four-sentence");

    await edit(original.replace(/^description: .*$/m, "description: Greets: warmly"));
    // The overlay draws inside its shadow root.
    const overlay = () => page.evaluate(() => document.querySelector("vite-error-overlay")?.shadowRoot?.textContent ?? "").catch(() => "");
    const shown = await eventually(overlay, (t) => t.includes("yaml-syntax"));
    expect(shown).toContain("skills/greet/SKILL.md:3:14  error  yaml-syntax");
    expect(shown).toContain("description: Greets: warmly");

    await edit(original);
    expect(await eventually(greetingInPage, (t) => t.includes("two-sentence"))).toContain("two-sentence");
    expect(await page.locator("vite-error-overlay").count()).toBe(0);
    // Two good builds, one reload each; the broken one shows its overlay instead.
    expect(reloadsSent - reloadsBefore).toBe(2);
  }, 180_000);
});
