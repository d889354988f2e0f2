// The metadata outputs a large single build renders on a worker (src/emit/side-render.ts): the
// worker's renders over its clone of the skills' metadata are byte for byte the main thread's over
// the full skills, and a worker that cannot start or fails loses nothing (rendered here instead).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runSide, sideMessages, SideRender, type SideJob } from "../../../src/emit/side-render.js";
import { sideWorker } from "../../../src/project/side-worker.js";
import { manifestEntry } from "../../../src/emit/manifest.js";
import { renderDts } from "../../../src/emit/dts.js";
import { renderCatalogs } from "../../../src/emit/catalog.js";
import type { EmitSkill, ToolsetSkill } from "../../../src/types.js";
import { REPO } from "../../helpers/cli.js";
import { makeSkill, sampleSkills } from "./helpers.js";

const WORKER = path.join(REPO, "dist", "analyze-worker.js");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The sample set plus what a clone could get wrong: an own `__proto__` key, undefined values, line separators, toolsets. */
function skills(): EmitSkill[] {
  const odd = makeSkill({
    name: "odd",
    description: "Has \u2028 and \u2029 and \"quotes\". Use when odd.",
    frontmatter: JSON.parse('{"name":"odd","__proto__":{"polluted":true},"2":"numeric key","metadata":{"z":1,"a":[null,"\\u2028"]}}'),
    fields: { arguments: ["a", "b"], argumentHint: undefined, scripts: ["scripts/run.py"] },
    files: [{ path: "scripts/run.py", content: "#!/usr/bin/env python3\n", executable: true, interpreter: "python3" }],
  });
  const tools: ToolsetSkill = { ...makeSkill({ name: "tooly" }), toolsets: { tools: ["hello", "bye"], entries: [{ entry: "toolsets/index:T", file: "toolsets/index.ts", exportName: "T", tools: ["hello", "bye"], body: "return 1" }] } };
  return [...sampleSkills(), odd, tools];
}

function job(all: EmitSkill[]): SideJob {
  return {
    skills: all,
    catalog: { format: "xml", budget: 200, permissions: { allow: [], deny: ["secret-*"] } },
    dts: { version: "9.9.9", runtimeApi: "export declare const api: 1;" },
    manifest: all.map((_, i) => i).filter((i) => i !== 1),
  };
}

describe("side renders", () => {
  it("over the cloned messages equal the renders over the full skills", () => {
    const all = skills();
    const j = job(all);
    const parts = sideMessages(j).map((m) => runSide(structuredClone(m)));
    const catalog = renderCatalogs(all, j.catalog!);
    expect(parts[0]!.catalog).toEqual({ files: catalog.files, shortened: catalog.shortened, dropped: catalog.dropped });
    expect(parts[0]!.dts).toBe(renderDts("9.9.9", all, "export declare const api: 1;"));
    const entries = parts.flatMap((p) => p.manifest ?? []);
    expect(entries).toEqual(j.manifest!.map((i) => manifestEntry(all[i]!)));
    expect(entries.join("")).toContain('"__proto__": {');
    expect(runSide(j)).toEqual({ ...parts[0], manifest: entries });
  });

  it("batches the manifest entries (the worker holds one batch at a time)", () => {
    const many = Array.from({ length: 600 }, (_, i) => makeSkill({ name: `s-${i}` }));
    const messages = sideMessages({ skills: many, manifest: many.map((_, i) => i) });
    expect(messages.map((m) => m.skills.length)).toEqual([250, 250, 100]);
    // Without catalog or index.d.ts asked for, no message carries every skill.
    expect(messages.every((m) => !m.catalog && !m.dts)).toBe(true);
  });

  it("on the built worker give what this thread renders", async () => {
    const j = job(skills());
    const side = SideRender.start(j, 10_000, sideWorker({ SKILLC_WORKERS: "1" }, WORKER));
    expect(side.threaded).toBe(true);
    expect(await side.result()).toEqual(runSide(j));
  });

  it("are rendered here when the worker fails to start, or when no worker is wanted or worth it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-side-"));
    dirs.push(dir);
    const broken = path.join(dir, "broken.mjs");
    writeFileSync(broken, "throw new Error('no');\n");
    const j = job(skills());
    const failing = SideRender.start(j, 10_000, sideWorker({ SKILLC_WORKERS: "1" }, broken));
    expect(failing.threaded).toBe(true);
    expect(await failing.result()).toEqual(runSide(j));
    const none = SideRender.start(j, 10_000, sideWorker({ SKILLC_WORKERS: "0" }, WORKER));
    expect(none.threaded).toBe(false);
    expect(await none.result()).toEqual(runSide(j));
    // A warm rebuild's few changed entries are not worth a worker's start-up, even when asked for.
    const few = SideRender.start(j, 3, sideWorker({ SKILLC_WORKERS: "1" }, WORKER));
    expect(few.threaded).toBe(false);
    expect(await few.result()).toEqual(runSide(j));
  });
});
