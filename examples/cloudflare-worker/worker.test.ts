// Builds the repo's skills/ with the real CLI, bundles this Worker against that output, and serves
// it from a real workerd: the bundle must work unchanged on Cloudflare's runtime.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, runCli } from "../../test/helpers/cli.js";
import { startWorker, type RunningWorker } from "../../test/helpers/workerd.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
let outDir: string;
let worker: RunningWorker;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), "skillc-worker-"));
  const built = await runCli(["build", "--out", outDir], { cwd: REPO });
  expect(built.code, built.stderr).toBe(0);
  const bundled = await build({
    entryPoints: [path.join(HERE, "src", "worker.js")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    logLevel: "silent",
    plugins: [
      {
        name: "skillc-out",
        setup(b) {
          // The Worker imports the repo's .skillc/; the test points it at the fresh build instead.
          b.onResolve({ filter: /\.skillc\/index\.js$/ }, () => ({ path: path.join(outDir, "index.js") }));
        },
      },
    ],
  });
  worker = await startWorker(bundled.outputFiles[0]!.text);
});

afterAll(async () => {
  await worker?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const post = (body: unknown) =>
  fetch(worker.url + "/tool", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

describe("examples/cloudflare-worker in workerd", () => {
  it("lists the repo's skills and puts each in the catalog", async () => {
    const folders = (await readdir(path.join(REPO, "skills"), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    const list = (await (await fetch(worker.url + "/skills")).json()) as Array<{ name: string; description: string }>;
    const names = list.map((s) => s.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain("review-diff");
    for (const n of names) expect(folders).toContain(n);

    const res = await fetch(worker.url + "/catalog");
    expect(res.status).toBe(200);
    const catalog = await res.text();
    expect(catalog).toContain("<available_skills>");
    for (const s of list) expect(catalog).toMatch(new RegExp(`<name>\\s*${s.name}\\s*</name>`));

    const markdown = await (await fetch(worker.url + "/catalog?format=markdown")).text();
    for (const n of names) expect(markdown).toMatch(new RegExp(`^- ${n}: `, "m"));
  });

  it("answers a load_skill tool call with the skill's text", async () => {
    const source = await readFile(path.join(REPO, "skills", "review-diff", "SKILL.md"), "utf8");
    const body = source.replace(/^---\n[\s\S]*?\n---\n/, "");
    const line = body.split("\n").find((l) => l.trim().length > 10 && !l.includes("$"))!;
    const res = await post({ name: "load_skill", input: { name: "review-diff" } });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { content: Array<{ type: string; text: string }>; isError?: boolean };
    expect(result.isError ?? false).toBe(false);
    expect(result.content[0]!.type).toBe("text");
    expect(result.content[0]!.text).toContain(line.trim());
  });

  it("runs a toolset tool (release-notes' semver-bump) and returns its result, not {}", async () => {
    const res = await post({ name: "semver-bump", input: { version: "1.4.2", subjects: ["feat: add x", "fix: y"] } });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { content: Array<{ type: string; text: string }>; isError?: boolean };
    expect(result.isError ?? false).toBe(false);
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({ version: "1.5.0", bump: "minor", previous: "1.4.2" });
  });

  it("returns tool errors as results, and 400/404 for bad requests", async () => {
    const missing = (await (await post({ name: "load_skill", input: { name: "no-such-skill" } })).json()) as { isError: boolean; content: Array<{ text: string }> };
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toContain("no-such-skill");
    expect((await fetch(worker.url + "/tool", { method: "POST", body: "not json" })).status).toBe(400);
    expect((await fetch(worker.url + "/nope")).status).toBe(404);
    const tools = (await (await fetch(worker.url + "/tools?format=anthropic")).json()) as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).toContain("load_skill");
  });
});
