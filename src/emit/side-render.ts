// A large single build renders manifest.json's entries, index.d.ts and the catalogs on a worker
// thread while this thread renders index.js: they need only the skills' metadata (no contents, no
// template), and otherwise run one after the other once index.js is written. At 10,000 skills
// (2 cores) they cost ~1.4 s of this thread's time that the worker, idle once analysis is done,
// now takes in parallel with the 338 MB index.js.
//
// The worker runs the very functions this thread would (manifestEntry, renderDts, renderCatalogs)
// on a structured clone of the skills' metadata, so the bytes are the same (structured clone keeps
// key order, `undefined` values and own `__proto__` keys; test/unit/emit/side-render.test.ts).
// Whether it runs is the caller's (project/side-worker.ts: the analysis pool's rule, poolConfig:
// SKILLC_WORKERS, cores, load, size); emit only talks to the worker it is given.
// A worker that fails or cannot start is not an error: what it was asked for is rendered here.
import type { Worker } from "node:worker_threads";
import { types } from "node:util";
import type { EmitSkill, SkillFileMeta } from "../types.js";
import type { CatalogFormat } from "../runtime/data.js";
import { renderCatalogs } from "./catalog.js";
import { renderDts } from "./dts.js";
import { manifestEntry } from "./manifest.js";
import { FilesOffload, type LiteralReply } from "./files-offload.js";

/** Starts the worker for `work` renders (the analysis worker script), or gives none: rendered here then. */
export type SideWorkerStart = (work: number) => Worker | undefined;

export interface CatalogOptions {
  format: CatalogFormat;
  budget: number;
  permissions: { allow: string[]; deny: string[] };
}

/** What to render besides index.js; each part only when asked for. */
export interface SideJob {
  skills: EmitSkill[];
  catalog?: CatalogOptions;
  dts?: { version: string; runtimeApi: string };
  /** Indexes into `skills` whose manifest entry (single layout, indented) is wanted. */
  manifest?: number[];
}

export interface SideResult {
  catalog?: { files: Array<[string, string]>; shortened: string[]; dropped: string[] };
  dts?: string;
  /** In the order of the job's `manifest` indexes. */
  manifest?: string[];
}

/** The message the analysis worker script answers with runSide (analyze-worker.ts). */
export interface SideMessage {
  kind: "side";
  job: SideJob;
}

export type SideReply = { ok: true; result: SideResult } | { ok: false; error: string };

/** What the job's renders read of a skill: everything but its text, body, template, contents, toolset code and reused line. */
// Never add `parsed.positions` here: a reused skill's positions are a Proxy view (cache/analysis-record.ts),
// which postMessage cannot clone; its frontmatter may be one too, and goes as a plain copy (same keys, same order).
export function sideSkill(s: EmitSkill): EmitSkill {
  const { name, source, contentHash, fields } = s;
  const frontmatter = types.isProxy(s.frontmatter) ? { ...s.frontmatter } : s.frontmatter;
  const files: SkillFileMeta[] = s.files.map((f) => ({ path: f.path, bytes: f.bytes, sha256: f.sha256, binary: f.binary, executable: f.executable, ...(f.interpreter !== undefined && { interpreter: f.interpreter }) }));
  const toolsets = s.toolsets && { tools: s.toolsets.tools, entries: s.toolsets.entries.map((e) => ({ entry: e.entry, file: e.file, exportName: e.exportName, tools: e.tools, body: "" })) };
  // Only the fields the renders read are set (the cast: a metadata-only skill in EmitSkill's shape).
  return { name, source, fields, frontmatter, contentHash, files, ...(toolsets && { toolsets }) } as unknown as EmitSkill;
}

/** The job's renders (in the worker, or here when it is not there). */
export function runSide(job: SideJob): SideResult {
  const out: SideResult = {};
  if (job.catalog) {
    const c = renderCatalogs(job.skills, job.catalog);
    out.catalog = { files: c.files, shortened: c.shortened, dropped: c.dropped };
  }
  if (job.dts) out.dts = renderDts(job.dts.version, job.skills, job.dts.runtimeApi);
  if (job.manifest) out.manifest = job.manifest.map((i) => manifestEntry(job.skills[i]!));
  return out;
}

/** Manifest entries per message: the worker holds one batch's objects at a time, not every skill's (10,000 skills: ~100 MB of heap). */
const BATCH = 250;

/**
 * What index.d.ts and the catalogs read of a skill: what their groups' keys list (emit/index.ts), so
 * that a field they started to read without keying it would also be a cache bug.
 */
function lightSkill(s: EmitSkill): EmitSkill {
  const { name, source, fields: f } = s;
  const fields = { description: f.description, disableModelInvocation: f.disableModelInvocation, defaultEnabled: f.defaultEnabled, arguments: f.arguments };
  const files = s.files.map((x) => ({ path: x.path, binary: x.binary }));
  return { name, source: { file: source.file, dir: source.dir, root: source.root }, fields, files, ...(s.toolsets && { toolsets: { tools: s.toolsets.tools } }) } as unknown as EmitSkill;
}

/** The job as messages: the catalogs and index.d.ts over light skills, then the manifest entries in batches. */
export function sideMessages(job: SideJob): SideJob[] {
  const out: SideJob[] = [];
  if (job.catalog || job.dts) out.push({ skills: job.skills.map(lightSkill), ...(job.catalog && { catalog: job.catalog }), ...(job.dts && { dts: job.dts }) });
  const todo = job.manifest ?? [];
  for (let at = 0; at < todo.length; at += BATCH) {
    const batch = todo.slice(at, at + BATCH);
    out.push({ skills: batch.map((i) => sideSkill(job.skills[i]!)), manifest: batch.map((_, k) => k) });
  }
  return out;
}

/** A job sent to a worker: `result()` gives what it rendered, or renders it here when the worker failed. */
export class SideRender {
  private readonly reply: Promise<SideResult | undefined>;
  private worker?: Worker;
  private started = false;
  private files?: FilesOffload;

  private constructor(
    private readonly job: SideJob,
    start: (() => Worker | undefined) | undefined,
  ) {
    this.reply = new Promise((resolve) => {
      try {
        const worker = start?.();
        if (!worker) return resolve(undefined);
        this.worker = worker;
        this.started = true;
        const sent = sideMessages(job);
        const result: SideResult = { manifest: [] };
        let answered = 0;
        worker.on("message", (r: SideReply | LiteralReply) => {
          if ("kind" in r) return this.files?.onReply(r);
          if (!r.ok) return resolve(undefined);
          const { manifest, ...rest } = r.result;
          Object.assign(result, rest);
          if (manifest) for (const e of manifest) result.manifest!.push(e);
          if (++answered < sent.length) return;
          resolve(result);
          // Unless it renders payloads next, its heap goes as soon as it answered: index.js is
          // still rendering, and the build's peak is near its end.
          if (!this.files) this.close();
        });
        const gone = (): void => {
          this.files?.fail();
          resolve(undefined);
        };
        worker.once("error", gone);
        worker.once("exit", gone);
        // A reply that does not deserialize would leave `answered` short forever: rendered here instead.
        worker.once("messageerror", gone);
        // Never what keeps the process alive (a build that throws meanwhile still ends). After the
        // listeners: adding the first "message" listener refs the worker again (nodejs/node#53036).
        worker.unref();
        for (const m of sent) worker.postMessage({ kind: "side", job: m } satisfies SideMessage);
        if (sent.length === 0) resolve(result);
      } catch {
        resolve(undefined);
      }
    });
  }

  /** Sent to the worker `start` gives for `work` renders, if any; else rendered here by result(). */
  static start(job: SideJob, work: number, start?: SideWorkerStart): SideRender {
    return new SideRender(job, start && (() => start(work)));
  }

  /**
   * After the metadata outputs, the worker renders payloads of index.js for these skills (in
   * output order) too (files-offload.ts); undefined without a worker.
   */
  offload(skills: readonly EmitSkill[], prepare?: (batch: readonly EmitSkill[]) => void): FilesOffload | undefined {
    if (!this.worker) return undefined;
    this.files = new FilesOffload(
      skills,
      (batch) => {
        try {
          this.worker!.postMessage(batch);
          return true;
        } catch {
          return false;
        }
      },
      prepare,
    );
    return this.files;
  }

  /** Whether a worker was started for it. */
  get threaded(): boolean {
    return this.started;
  }

  async result(): Promise<SideResult> {
    try {
      return (await this.reply) ?? runSide(this.job);
    } finally {
      this.close();
    }
  }

  /** Ends the worker (done, or the build stopped). */
  close(): void {
    this.files?.fail();
    void this.worker?.terminate().catch(() => undefined);
    this.worker = undefined;
  }
}
