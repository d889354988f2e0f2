// The repo's example skills (skills/: release-notes ships a toolset) built once into a temporary
// folder and imported, for the framework adapter tests; and the same bundle with every
// load/file/call answering a Promise, the way the split layout answers (design.md, "Split output").
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { REPO } from "../../helpers/cli.js";
import type { Skills } from "../../../src/runtime/api.js";

export interface BuiltBundle {
  out: string;
  /** The bundle's `skills`; typed as the single layout's API, used by the adapters as either. */
  skills: Skills;
  dispose(): Promise<void>;
}

export type Layout = "single" | "split";
export const LAYOUTS: Layout[] = ["single", "split"];

/** skills/ built in `output` layout (split: load/file/call answer Promises, chunks load on demand). */
export async function buildExampleBundle(output: Layout = "single"): Promise<BuiltBundle> {
  const out = await mkdtemp(path.join(tmpdir(), "skillc-adapters-"));
  const result = await build({ cwd: REPO, config: resolveDefaults(REPO, { outDir: out, output }), roots: ["skills"], cache: false });
  if (result.diagnostics.length > 0) throw new Error(`example skills did not build clean: ${JSON.stringify(result.diagnostics)}`);
  const { skills } = (await import(pathToFileURL(path.join(out, "index.js")).href)) as { skills: Skills };
  // The layout is what the tests say it is: only a split bundle has ready() and answers load with a Promise.
  const split = typeof (skills as { ready?: unknown }).ready == "function";
  const probe: unknown = skills.load("commit-message");
  if (split !== (output === "split") || (probe instanceof Promise) !== split) throw new Error(`not a ${output} bundle: ${out}`);
  // A split bundle's probe imports a chunk: awaited, or that import could still be running when
  // dispose() removes the folder (an unhandled rejection, seen once in CI).
  if (probe instanceof Promise) await probe;
  return { out, skills, dispose: () => rm(out, { recursive: true, force: true }) };
}

/** Counts what the adapters ask of an async-shaped bundle: every answer a Promise, and ready() calls. */
export interface AsyncBundle {
  skills: any;
  calls: { ready: number; load: number; file: number; call: number };
}

/** The bundle with load/file/call returning Promises and a ready(), like a split bundle. */
export function asyncShaped(skills: Skills): AsyncBundle {
  const calls = { ready: 0, load: 0, file: 0, call: 0 };
  const later = <T>(v: () => T): Promise<T> => new Promise((resolve, reject) => setTimeout(() => { try { resolve(v()); } catch (e) { reject(e); } }, 0));
  return {
    calls,
    skills: {
      list: () => skills.list(),
      catalog: (o?: any) => skills.catalog(o),
      tools: (o: any) => skills.tools(o),
      load: (n: string, a?: any) => (calls.load++, later(() => skills.load(n, a))),
      file: (n: string, p: string) => (calls.file++, later(() => skills.file(n, p))),
      call: (n: string, i: unknown) => (calls.call++, later(() => skills.call(n, i)).then((r) => r)),
      ready: async () => { calls.ready++; },
    },
  };
}
