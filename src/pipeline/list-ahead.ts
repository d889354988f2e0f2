// Discovery's folder listings (and their stats, with a listing store) made ahead on lint's early
// worker (early-workers.ts), which otherwise idles until discovery is done: at 10,000
// skills discovery lists ~22,000 folders, ~0.5 s of readdir and stat calls on this thread.
//
// One level at a time, in batches of LIST_BATCH folders. Each batch is claimed once, by whichever
// side gets to it first, through a shared array of states (compare-and-exchange): the worker takes
// them in order and answers each on a port of its own; this thread, when it reaches a batch, either
// finds it claimed by the worker and waits for its answer (receiveMessageOnPort, so discovery stays
// synchronous and needs no turn of the event loop) — listing the level's last untaken batches itself
// meanwhile, so neither side idles —, or claims it and lists it inline, as before (the worker may
// still be starting). A worker that fails or is slow past WAIT_MS leaves the rest of the
// level to this thread. A listing the worker could not make (an error) is made again here, so the
// error is reported exactly as before; the listings are the same entries in the same order.
import fs from "node:fs";
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from "node:worker_threads";
import type { DirEntry } from "./analysis-store.js";
import type { StatLike } from "./stat-thread.js";
import { compareCodeUnits } from "../util/compare.js";
import { entryKind, packedEntries } from "./packed-entry.js";

/** Folders in one claimed batch. */
export const LIST_BATCH = 128;
/** Folders a level holds at least for its listings to be made ahead (a small level is not worth a message). */
const LIST_AHEAD_MIN = 256;
/** How long this thread waits for one batch the worker claimed before listing the rest itself. */
const WAIT_MS = 5000;

const FREE = 0;
const WORKER = 1;
const MAIN = 2;
const DONE = 3;

/** A level sent to the worker: the folders (as listed, and their real paths to stat), the batches' states, the answers' port. */
export interface ListMessage {
  kind: "list";
  abs: string[];
  real: string[];
  stat: boolean;
  state: SharedArrayBuffer;
  port: MessagePort;
}

/** One folder as the worker found it: its sorted names and kinds (share-wire's letters), or none (listed again here); its stat, null when it failed. */
type Listed = [names: string[] | null, kinds: string, stat: StatLike | null];

interface ListReply {
  batch: number;
  listed: Listed[];
}

/** What searchLevel hands readFolder for one folder: its entries made ahead, and its stat when one was asked for. */
export interface Ahead {
  entries: DirEntry[] | undefined;
  stat: StatLike | null | undefined;
}

/** A level's listings being made ahead: take(i) is folder i's, or undefined when this thread lists it. */
export class LevelAhead {
  private readonly state: Int32Array;
  private readonly got = new Map<number, Listed[]>();
  private current: Listed[] | undefined;
  private currentBatch = -1;
  private broken = false;
  /** Batches the worker answered (tests). */
  fromWorker = 0;

  /** Batches this thread listed ahead while the worker was busy, and the last one it may still take. */
  private readonly stolen = new Map<number, Listed[]>();
  private tail: number;

  private constructor(
    private readonly port: MessagePort,
    private readonly message: ListMessage,
    private readonly waitMs: number,
  ) {
    this.state = new Int32Array(message.state);
    this.tail = this.state.length - 1;
  }

  private get abs(): string[] {
    return this.message.abs;
  }
  private get real(): string[] {
    return this.message.real;
  }
  private get stat(): boolean {
    return this.message.stat;
  }

  /** Sends the level to the worker; undefined when the level is small or the post fails. */
  static start(worker: Worker | undefined, level: ReadonlyArray<{ abs: string; real: string }>, stat: boolean, waitMs = WAIT_MS): LevelAhead | undefined {
    if (!worker || level.length < LIST_AHEAD_MIN) return undefined;
    const state = new SharedArrayBuffer(4 * Math.ceil(level.length / LIST_BATCH));
    const { port1, port2 } = new MessageChannel();
    const message: ListMessage = { kind: "list", abs: level.map((f) => f.abs), real: level.map((f) => f.real), stat, state, port: port2 };
    try {
      worker.postMessage(message, [port2]);
    } catch {
      port1.close();
      return undefined;
    }
    return new LevelAhead(port1, message, waitMs);
  }

  /** Folder i's listing made ahead (folders are asked for in order), or undefined: list it here. */
  take(i: number): Ahead | undefined {
    const batch = Math.floor(i / LIST_BATCH);
    if (batch !== this.currentBatch) {
      this.currentBatch = batch;
      this.current = this.claim(batch);
    }
    const listed = this.current?.[i % LIST_BATCH];
    if (!listed) return undefined;
    const [names, kinds, stat] = listed;
    return { entries: names ? packedEntries(names, kinds) : undefined, stat: this.stat ? stat : undefined };
  }

  /** Stops taking answers (the worker finishes the batches it claimed, and nobody reads them). */
  close(): void {
    this.giveUp();
    this.port.close();
  }

  /**
   * No more answers are taken: the rest of the level is listed here. Claims every batch still free,
   * so that a worker found slow (or silent) does not go on listing what this thread lists too.
   */
  private giveUp(): void {
    this.broken = true;
    for (let b = 0; b < this.state.length; b++) Atomics.compareExchange(this.state, b, FREE, MAIN);
  }

  /**
   * `batch`'s listings: the worker's answer, or those this thread made ahead while the worker was
   * busy with it, or undefined when this thread claims it now (or gave up waiting) and lists it inline.
   */
  private claim(batch: number): Listed[] | undefined {
    for (;;) {
      const stolen = this.stolen.get(batch);
      if (stolen) return this.stolen.delete(batch), stolen;
      if (this.broken || Atomics.compareExchange(this.state, batch, FREE, MAIN) === FREE) return undefined;
      if (Atomics.load(this.state, batch) === DONE) return this.answer(batch);
      // The worker is listing it: rather than wait, this thread lists the last batch nobody took.
      if (this.steal()) continue;
      if (Atomics.wait(this.state, batch, WORKER, this.waitMs) === "timed-out" && Atomics.load(this.state, batch) !== DONE) {
        this.giveUp();
        return undefined;
      }
      return this.answer(batch);
    }
  }

  /** Claims and lists the last batch nobody has taken; false when there is none. */
  private steal(): boolean {
    for (; this.tail >= 0; this.tail--) {
      const b = this.tail;
      if (Atomics.compareExchange(this.state, b, FREE, MAIN) !== FREE) continue;
      this.stolen.set(b, listBatch(this.abs, this.real, this.stat, b));
      this.tail--;
      return true;
    }
    return false;
  }

  /** The worker's answer for a batch it marked done, from the port; undefined (listed here) if it is not there. */
  private answer(batch: number): Listed[] | undefined {
    for (;;) {
      const have = this.got.get(batch);
      if (have) {
        this.got.delete(batch);
        this.fromWorker++;
        return have;
      }
      const m = receiveMessageOnPort(this.port);
      if (!m) {
        // Marked done and not on the port: not expected; list it here.
        this.giveUp();
        return undefined;
      }
      const reply = m.message as ListReply;
      this.got.set(reply.batch, reply.listed);
    }
  }
}

/** One batch's listings, as the worker makes them (this thread's steal() too). */
function listBatch(abs: readonly string[], real: readonly string[], stat: boolean, b: number): Listed[] {
  const listed: Listed[] = [];
  const end = Math.min(abs.length, (b + 1) * LIST_BATCH);
  for (let i = b * LIST_BATCH; i < end; i++) listed.push(listOne(abs[i]!, real[i]!, stat));
  return listed;
}

/** The worker's side: lists every batch of the level it can claim, answering each on the level's port. */
export function runList(message: ListMessage): void {
  const state = new Int32Array(message.state);
  try {
    for (let b = 0; b < state.length; b++) {
      if (Atomics.compareExchange(state, b, FREE, WORKER) !== FREE) continue;
      const listed = listBatch(message.abs, message.real, message.stat, b);
      message.port.postMessage({ batch: b, listed } satisfies ListReply);
      Atomics.store(state, b, DONE);
      Atomics.notify(state, b);
    }
  } finally {
    message.port.close();
  }
}

/** One folder's stat (when asked for, first, as readFolder makes it) and sorted listing. */
function listOne(abs: string, real: string, stat: boolean): Listed {
  let st: StatLike | null = null;
  if (stat) {
    try {
      const s = fs.statSync(real);
      st = { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, mode: s.mode };
    } catch {
      st = null;
    }
  }
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => compareCodeUnits(a.name, b.name));
  } catch {
    return [null, "", st];
  }
  let kinds = "";
  for (const e of entries) kinds += entryKind(e);
  return [entries.map((e) => e.name), kinds, st];
}
