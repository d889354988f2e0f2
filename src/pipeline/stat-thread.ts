// Stats on a helper thread, for a rebuild of a large project: the front of a warm build is one stat
// per folder (is its listing still good?) and one per file (is its fingerprint unchanged?), ~60,000
// at 10,000 skills, each a synchronous syscall on this thread. Posted in batches to one small thread
// (its script is the string below: no file to find, nothing of skillc loaded), they run on the other
// core while this thread walks, looks up and restores the skills before them.
//
// What comes back is exactly what fs.statSync gives here: the same doubles (size, mtimeMs, ctimeMs,
// ino, mode) from the same call, so a fingerprint made from them is the same string. A batch whose
// thread fails or exits is stat'ed here instead: a failure never loses or changes a stat.
import fs, { constants } from "node:fs";
import { Worker } from "node:worker_threads";

/** What a caller reads of one path's stat (a fs.Stats has them all). */
export interface StatLike {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  mode: number;
  /** Its statPrint, made where the stat was (the stat thread: ~0.5 µs less here a stat, the numbers' text). */
  print?: string;
}

/**
 * A stat's fingerprint: size, mtime, ctime, inode and mode. Like make and tsc, a change that keeps
 * all of them (same size, within one timestamp tick, ctime forged) goes unseen. The stat thread's
 * script writes the same template (SCRIPT: a stat made there gives the same string).
 */
export function statPrint(st: StatLike): string {
  return st.print ?? `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.mode}`;
}

/** Doubles per path in a batch's result: size, mtimeMs, ctimeMs, ino, mode; size -1 when the stat failed. */
const N = 5;

// statSync follows links, as the callers' statSync did; any error is a failed stat (-1). `prints`:
// each stat's statPrint, "\n"-joined (one string to clone, not one a path), "" for a failed one.
const SCRIPT = `"use strict";
const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
parentPort.on("message", (m) => {
  const paths = m.paths;
  const out = new Float64Array(paths.length * ${N});
  let prints = "";
  for (let i = 0; i < paths.length; i++) {
    const o = i * ${N};
    if (i > 0) prints += "\\n";
    let st;
    try { st = fs.statSync(paths[i]); } catch { out[o] = -1; continue; }
    out[o] = st.size; out[o + 1] = st.mtimeMs; out[o + 2] = st.ctimeMs; out[o + 3] = st.ino; out[o + 4] = st.mode;
    prints += \`\${st.size}:\${st.mtimeMs}:\${st.ctimeMs}:\${st.ino}:\${st.mode}\`;
  }
  parentPort.postMessage({ id: m.id, out, prints }, [out.buffer]);
});`;

/** One batch's stats: `at(i)` is the i-th path's, undefined when it could not be stat'ed. */
export class StatBatch {
  private list: string[] | undefined;

  /** `prints`: the stats' statPrints as the thread joined them, when it sent them (one per stat). */
  constructor(
    private readonly out: Float64Array,
    private prints?: string,
  ) {}

  at(i: number): StatLike | undefined {
    const o = i * N;
    const out = this.out;
    // `!(x >= 0)`: also undefined past the batch's end (never a record of undefineds).
    if (!(out[o]! >= 0)) return undefined;
    const st: StatLike = { size: out[o]!, mtimeMs: out[o + 1]!, ctimeMs: out[o + 2]!, ino: out[o + 3]!, mode: out[o + 4]! };
    if (this.prints !== undefined) {
      this.list = this.prints.split("\n");
      this.prints = undefined;
      // One a stat, or none at all (then each is made here).
      if (this.list.length !== out.length / N) this.list = [];
    }
    const print = this.list?.[i];
    if (print) st.print = print;
    return st;
  }

  /** Every stat's statPrint in the batch's order, "" for a failed one. */
  printList(): string[] {
    const n = this.out.length / N;
    if (this.prints !== undefined) {
      const list = this.prints.split("\n");
      if (list.length === n) return list;
    }
    const list: string[] = [];
    for (let i = 0; i < n; i++) {
      const st = this.at(i);
      list.push(st ? statPrint(st) : "");
    }
    return list;
  }
}

/** The batch stat'ed on this thread (the fallback, and what the thread's result equals). */
export function statHere(paths: readonly string[]): StatBatch {
  const out = new Float64Array(paths.length * N);
  for (let i = 0; i < paths.length; i++) {
    const o = i * N;
    let st: fs.Stats;
    try {
      st = fs.statSync(paths[i]!);
    } catch {
      out[o] = -1;
      continue;
    }
    out[o] = st.size;
    out[o + 1] = st.mtimeMs;
    out[o + 2] = st.ctimeMs;
    out[o + 3] = st.ino;
    out[o + 4] = st.mode;
  }
  return new StatBatch(out);
}

/** Whether a stat is of a regular file. */
export function isRegularFile(st: StatLike): boolean {
  return (st.mode & constants.S_IFMT) === constants.S_IFREG;
}

/** SKILLC_STAT_THREAD: "off", never; "on", at any size (what the tests use on small projects); else by size. */
export function statThreadMode(env: NodeJS.ProcessEnv = process.env): "on" | "off" | "auto" {
  const v = env.SKILLC_STAT_THREAD?.trim().toLowerCase();
  return v === "off" || v === "0" ? "off" : v === "on" || v === "1" ? "on" : "auto";
}

/** The helper thread and the batches it has not answered yet. */
export class StatThread {
  /** The thread while it answers; undefined once it failed or was closed. */
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { paths: readonly string[]; resolve: (b: StatBatch) => void }>();

  /** `forced`: asked for by SKILLC_STAT_THREAD=on, so used whatever the size of a level or project. */
  private constructor(
    /** Kept after a failure too, so that close() always ends it (a failed post leaves it alive). */
    private readonly handle: Worker,
    readonly forced: boolean,
  ) {
    const worker = handle;
    this.worker = worker;
    // It keeps the process alive only while a batch is out (someone awaits it); close() ends it.
    worker.unref();
    worker.on("message", (m: { id: number; out: Float64Array; prints?: unknown }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      p.resolve(new StatBatch(m.out, typeof m.prints === "string" ? m.prints : undefined));
    });
    worker.on("error", () => this.fail());
    worker.on("exit", () => this.fail());
    // A reply that cannot be read would leave its batch waiting: treat it as a failed thread.
    worker.on("messageerror", () => this.fail());
  }

  /** Starts the thread; undefined when it cannot be started (every stat is then made by the caller). */
  static start(forced = false): StatThread | undefined {
    try {
      return new StatThread(new Worker(SCRIPT, { eval: true, stdout: false, stderr: false }), forced);
    } catch {
      return undefined;
    }
  }

  /** Whether the thread still answers (a failed one stats everything on the caller's thread). */
  get alive(): boolean {
    return this.worker !== undefined;
  }

  /** The stats of `paths`, in order. Never rejects. */
  stat(paths: readonly string[]): Promise<StatBatch> {
    if (!this.worker || paths.length === 0) return Promise.resolve(statHere(paths));
    const id = this.nextId++;
    return new Promise<StatBatch>((resolve) => {
      this.pending.set(id, { paths, resolve });
      if (this.pending.size === 1) this.worker!.ref();
      try {
        this.worker!.postMessage({ id, paths });
      } catch {
        this.fail();
      }
    });
  }

  /** The thread is gone: what it had not answered is stat'ed here (or, `drop`, answered with no stats), and so is everything after. */
  private fail(drop = false): void {
    this.worker = undefined;
    // Nothing is awaited from it any more: it must not hold the process open.
    this.handle.unref();
    const left = [...this.pending.values()];
    this.pending.clear();
    for (const p of left) p.resolve(drop ? new StatBatch(new Float64Array(0)) : statHere(p.paths));
  }

  /** Ends the thread: batches still pending are stat'ed here, or with `drop` (their answers are not needed any more) answered empty. */
  async close(drop = false): Promise<void> {
    this.fail(drop);
    await this.handle.terminate();
  }
}
