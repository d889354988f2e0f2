// The side worker (side-render.ts), once done with the metadata outputs, also renders some skills'
// payloads in index.js (`{"template":…,"files":{…}`: the JSON-escaped body and file contents, most
// of its 338 MB at 10,000 skills) while this thread renders the others: it gets a batch of skills'
// templates and contents (a copy, mostly a memcpy to clone) a few batches ahead of where this thread
// is, and gives back their bytes (transferred, not copied), which this thread copies into the line.
// The bytes are those of bundle.ts payloadTo, which this thread runs for every skill whose bytes
// are not back in time.
//
// Bounded: at most OUT batches are out at once (~1 MB of contents each), and a batch this thread
// has passed is skipped by the worker (a shared cursor, read before each skill) and dropped here
// when it comes back. The batches sent are consecutive, so the split balances itself: the worker
// takes whatever it renders before this thread gets there (at 10,000 skills, with two out and every
// other batch at most, it rendered ~30% of the payloads and sat idle a third of the time).
import { payloadTo, type FilesSource } from "./bundle.js";
import { ownBytes } from "../util/own-bytes.js";
import type { TemplatePart } from "../runtime/data.js";
import { isReused, type EmitSkill } from "../types.js";

/** Skills per batch (~1 MB of contents in the bench corpus). */
export const BATCH = 32;
/** Batches sent and not answered, at most. */
export const OUT = 4;
/** How far ahead of this thread's batch the next one sent is: the worker's time to render it. */
const LEAD = 3;

export interface LiteralBatch {
  kind: "literals";
  index: number;
  /** This thread's current batch: a batch before it is stale. */
  cursor: Int32Array;
  /** Each skill's template and files as [path, content]; null for a skill rendered here anyway (reused). */
  skills: Array<{ template?: TemplatePart[]; files: Array<[string, string | Uint8Array]> } | null>;
}

export type LiteralReply = { kind: "literals"; index: number; buffer?: ArrayBuffer; ends?: number[] };

/** The worker's part: the batch's payload objects, one buffer, `ends[k]` where skill k's ends (none when stale). */
export function runLiterals(batch: LiteralBatch): LiteralReply {
  if (Atomics.load(batch.cursor, 0) > batch.index) return { kind: "literals", index: batch.index };
  let buf = Buffer.allocUnsafeSlow(1 << 20);
  let at = 0;
  const put = (text: string): void => {
    if (buf.length - at < text.length * 3) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(buf.length * 2, at + text.length * 3));
      buf.copy(bigger, 0, 0, at);
      buf = bigger;
    }
    at += buf.write(text, at);
  };
  const ends: number[] = [];
  for (const s of batch.skills) {
    // This thread got here meanwhile (it renders the batch itself): the rest would be thrown away.
    if (Atomics.load(batch.cursor, 0) > batch.index) return { kind: "literals", index: batch.index };
    if (s) payloadTo(s.template, s.files.map(([path, content]) => ({ path, content })), put);
    ends.push(at);
  }
  return { kind: "literals", index: batch.index, buffer: buf.buffer.slice(0, at) as ArrayBuffer, ends };
}

export class FilesOffload implements FilesSource {
  private readonly cursor = new Int32Array(new SharedArrayBuffer(4));
  private readonly done = new Map<number, { bytes: Uint8Array; ends: number[] }>();
  private out = 0;
  private next = 0;
  private readonly batches: number;

  constructor(
    private readonly skills: readonly EmitSkill[],
    /** Posts a batch to the worker; false when it cannot (the worker is gone): nothing more is sent. */
    private readonly post: (batch: LiteralBatch) => boolean,
    /** Compiles the templates of a batch about to be sent, when they are compiled as they are needed (emit/index.ts EmitInput.written). */
    private readonly prepare?: (batch: readonly EmitSkill[]) => void,
  ) {
    this.batches = Math.ceil(skills.length / BATCH);
  }

  at(i: number): Promise<void> | undefined {
    if (i % BATCH !== 0) return undefined;
    const c = i / BATCH;
    Atomics.store(this.cursor, 0, c);
    for (const b of this.done.keys()) if (b < c) this.done.delete(b);
    while (this.out < OUT) {
      const t = Math.max(this.next, c + LEAD);
      if (t >= this.batches || !this.send(t)) break;
      this.next = t + 1;
    }
    return this.out > 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined;
  }

  take(i: number): Uint8Array | undefined {
    const got = this.done.get(Math.floor(i / BATCH));
    if (!got) return undefined;
    const k = i % BATCH;
    return got.bytes.subarray(k === 0 ? 0 : got.ends[k - 1], got.ends[k]);
  }

  /** A reply of the worker's (possibly stale: then dropped). */
  onReply(r: LiteralReply): void {
    this.out--;
    if (r.buffer && r.ends && r.index >= Atomics.load(this.cursor, 0)) this.done.set(r.index, { bytes: new Uint8Array(r.buffer), ends: r.ends });
  }

  /** The worker is gone: what it had is rendered here. */
  fail(): void {
    this.out = 0;
    this.next = Number.MAX_SAFE_INTEGER;
  }

  private send(t: number): boolean {
    const batch = this.skills.slice(t * BATCH, (t + 1) * BATCH);
    this.prepare?.(batch);
    const skills = batch.map((s) => (isReused(s) ? null : { template: s.template, files: s.files.map((f): [string, string | Uint8Array] => [f.path, ownBytes(f.content)]) }));
    if (!this.post({ kind: "literals", index: t, cursor: this.cursor, skills })) {
      this.fail();
      return false;
    }
    this.out++;
    return true;
  }
}
