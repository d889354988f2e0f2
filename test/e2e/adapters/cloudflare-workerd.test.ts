// skillc/cloudflare-agents where Cloudflare agents run: a Worker bundled with esbuild (the built
// adapter from dist/, the agents package's loadSkillCatalog, the example bundle in each layout) in a
// real workerd. The Worker does what an agent's getSkills() leads to: load the catalog, activate a
// skill, read a text and a binary resource.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { build as esbuild } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../../helpers/cli.js";
import { startWorker, type RunningWorker } from "../../helpers/workerd.js";
import { buildExampleBundle, LAYOUTS, type BuiltBundle } from "./bundle.js";

const WORKER = `import { skills } from "./index.js";
import { loadSkillCatalog } from "agents/skills";
import { skillcSource } from "skillc/cloudflare-agents";
export default {
  async fetch() {
    const catalog = await loadSkillCatalog([skillcSource(skills)]);
    const activated = catalog.activate("release-notes");
    const text = await catalog.readResource({ path: "release-notes/references/style-guide.md" });
    const png = await catalog.readResource({ path: "triage-bug/assets/severity-matrix.png" });
    return Response.json({
      names: catalog.skills.map((e) => e.skill.name),
      diagnostics: catalog.diagnostics,
      activated: activated.ok ? activated.value : null,
      text: text.ok ? text.value.resource.content : null,
      png: png.ok ? png.value.resource.content : null,
    });
  },
};
`;

describe.each(LAYOUTS)("skillc/cloudflare-agents in workerd, %s layout", (layout) => {
  let bundle: BuiltBundle;
  let worker: RunningWorker;
  beforeAll(async () => {
    bundle = await buildExampleBundle(layout);
    await writeFile(path.join(bundle.out, "worker.js"), WORKER);
    const out = await esbuild({
      entryPoints: [path.join(bundle.out, "worker.js")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      conditions: ["workerd", "worker", "browser"],
      alias: { "skillc/cloudflare-agents": path.join(REPO, "dist/adapters/cloudflare-agents.js") },
      nodePaths: [path.join(REPO, "node_modules")],
      logLevel: "silent",
    });
    worker = await startWorker(out.outputFiles[0]!.text);
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await bundle.dispose();
  });

  it("lists, activates and reads resources through the agents package's catalog", async () => {
    const body = (await (await fetch(worker.url)).json()) as any;
    expect(body.diagnostics).toEqual([]);
    expect(body.names).toEqual(bundle.skills.list().map((s) => s.name));
    expect(body.activated).toContain("# Release notes");
    expect(body.text).toBe(await readFile(path.join(REPO, "skills/release-notes/references/style-guide.md"), "utf8"));
    expect(Buffer.from(body.png, "base64")).toEqual(await readFile(path.join(REPO, "skills/triage-bug/assets/severity-matrix.png")));
  });
});
