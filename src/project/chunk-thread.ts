// How a writing split build stages each streamed skill's chunk (chunk-stream.ts): past the first
// THREAD_AFTER skills, the chunk writer thread (chunk-writer.ts) compiles, renders and creates
// them, off this thread (the build's critical path); before it, or without it, this thread does.
//
// The writer's main-thread side posts each streamed skill's body and files, at most IN_FLIGHT at a time (each message holds a copy of the skill's
// contents until the writer takes it), and hands back the hashes and the names it created.
// A writer that fails (its script missing, an error, an exit) answers undefined for its pending and
// later jobs: the stage then renders them in this thread (chunk-stage.ts).
import { builtScript } from "../util/built-script.js";
import { ownBytes } from "../util/own-bytes.js";
import { Worker } from "node:worker_threads";
import { renderChunk, type ChunkInput } from "../emit/chunk-render.js";
import type { ChunkStage } from "../emit/chunk-stage.js";
import { compileTemplate, type TemplateOptions } from "../pipeline/template.js";

/**
 * A streamed skill's chunk before its template is compiled: the body and how to compile it
 * (compileTemplate, a pass over the body that the writer thread takes off the main thread too).
 */
export interface StreamInput {
  body: string;
  options: TemplateOptions;
  files: ChunkInput["files"];
}

/** The writer's start-up data: the staging folder's chunks/, the names not to write, whether to fdatasync each. */
export interface WriterData {
  dir: string;
  present: string[];
  sync: boolean;
}
export interface WriterJob extends StreamInput {
  id: number;
}
/** A job's answer: its chunk's and pieces' hashes, the names it created and their bytes, its first write error; or `fail` when it could not render. */
export type WriterReply =
  | { id: number; hash: string; pieces: string[]; wrote: string[]; bytes: number; error?: { message: string; code?: string } }
  | { id: number; fail: string };
export type WriterDone = Extract<WriterReply, { hash: string }>;

/**
 * Skills streamed in this thread before the writer thread starts: a small build never pays its
 * start (a worker's start-up is tens of milliseconds, as much as rendering a few hundred chunks).
 */
const THREAD_AFTER = 256;

/** The staging of streamed chunks into `stage`: a function from a skill's body and files to its chunk's and pieces' hashes. */
export function chunkStreaming(stage: ChunkStage, opts: { after?: number; script?: string } = {}): ((input: StreamInput) => Promise<{ chunk: string; pieces: string[] }>) & { counts: { here: number; writer: number } } {
  let count = 0;
  let thread: Promise<ChunkThread | undefined> | undefined;
  const counts = { here: 0, writer: 0 };
  const stream = async (input: StreamInput) => {
    if (!thread && ++count > (opts.after ?? THREAD_AFTER)) {
      // The writer skips what outDir holds and what this thread staged: each name is created once.
      thread = stage.writerData().then((data) => {
        const started = ChunkThread.start(data, opts.script ?? findWriterScript());
        if (started) stage.attach(started);
        return started;
      });
    }
    const writer = await thread;
    const done = await writer?.render(input);
    if (done) {
      counts.writer++;
      stage.adopt(done.wrote, done.bytes, done.error);
      return { chunk: done.hash, pieces: done.pieces };
    }
    if (writer?.lost) stage.rewrite();
    counts.here++;
    const chunk = renderChunk({ template: compileTemplate(input.body, input.options), files: input.files });
    for (const part of [chunk, ...chunk.pieces]) if (!stage.has(part.hash)) await stage.put(part.hash, part.bytes);
    return { chunk: chunk.hash, pieces: chunk.pieces.map((p) => p.hash) };
  };
  return Object.assign(stream, { counts });
}

/** The writer isolate's young generation, MB (see start). */
const WRITER_YOUNG_MB = 4;

/** Jobs posted and not answered, at most (each holds its skill's contents; 32 keep the writer fed between the main thread's turns). */
const IN_FLIGHT = 32;

/** The built writer script next to this module (dist/ or dist/chunks/ → dist/chunk-writer.js), if any; SKILLC_CHUNK_WRITER=off: none. */
export function findWriterScript(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.SKILLC_CHUNK_WRITER === "off" ? undefined : builtScript("chunk-writer.js");
}

export class ChunkThread {
  /** Set once the writer failed: it may have left a name half written. */
  lost = false;
  private next = 0;
  private readonly pending = new Map<number, (r: WriterDone | undefined) => void>();
  private readonly slots: Array<() => void> = [];
  private constructor(private readonly worker: Worker) {
    worker.on("message", (r: WriterReply) => this.answer(r.id, "fail" in r ? undefined : r));
    worker.on("error", () => this.lose());
    worker.on("exit", () => this.lose());
    // Kept alive only while it owes answers: a build that never closes it still exits.
    worker.unref();
  }

  static start(data: WriterData, script: string | undefined): ChunkThread | undefined {
    if (!script) return undefined;
    try {
      // A small young generation: the writer's garbage is each chunk's strings, short-lived, and
      // V8's default (up to 48 MB) only raised the build's peak (10k split: ~364 → ~330 MB, same CPU).
      const worker = new Worker(script, { workerData: data, stdout: false, stderr: true, resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_MB } });
      worker.stderr?.resume();
      return new ChunkThread(worker);
    } catch {
      return undefined;
    }
  }

  /** The writer's answer for one skill; undefined when the writer failed (render it in this thread). */
  async render(input: StreamInput): Promise<WriterDone | undefined> {
    while (this.pending.size >= IN_FLIGHT && !this.lost) await new Promise<void>((resolve) => this.slots.push(resolve));
    if (this.lost) return undefined;
    const id = this.next++;
    const files = input.files.map((f) => ({ path: f.path, content: ownBytes(f.content) }));
    return new Promise((resolve) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, body: input.body, options: input.options, files } satisfies WriterJob);
    });
  }

  /** Stops the writer (its jobs are all answered, or the build is being given up). */
  async close(): Promise<void> {
    this.lose();
    await this.worker.terminate();
  }

  private answer(id: number, r: WriterDone | undefined): void {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    resolve(r);
    this.slots.shift()?.();
  }

  private lose(): void {
    if (this.lost) return;
    this.lost = true;
    for (const id of [...this.pending.keys()]) this.answer(id, undefined);
    for (const wake of this.slots.splice(0)) wake();
  }
}
