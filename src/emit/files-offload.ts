// The side worker (side-render.ts), once done with the metadata outputs, also renders some skills'
// payloads in index.js (`{"template":…,"files":{…}`: the JSON-escaped body and file contents, most
// of its 338 MB at 10,000 skills) while this thread renders the others: it gets a batch of skills'
// templates and contents (a copy, mostly a memcpy to clone) a few batches ahead of where this thread
// is, and gives back their bytes (transferred, not copied), which this thread copies into the line.
// The bytes are those of bundle.ts payloadTo, which this thread runs for every skill whose bytes
// are not back in time.
//
// Bounded: at most OUT batches are out at once (~1 MB of contents each). The batches sent are
// consecutive, so the split balances itself: the worker takes whatever it renders before this
// thread gets there (at 10,000 skills, with two out and every other batch at most, it rendered ~30%
// of the payloads and sat idle a third of the time).
// Nothing the worker renders is thrown away: it claims a batch's skills one at a time from the front
// (a shared count per batch, compare-exchange), and this thread, on reaching a batch, takes the rest
// over in one exchange and waits for the skills the worker had claimed (at most one still rendering).
// Before, the worker's batch was dropped whole when this thread got there first: at 10,000 skills
// ~45 of the ~190 batches it rendered (a third of its work) came back late or half done.
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
/**
 * How long this thread waits, at most, for the skills the worker claimed in a batch it reached (it
 * finishes one skill, ~0.3 ms): past it (a worker off the CPU on a busy machine), they render here.
 */
export const WAIT_MS = 3;

export interface LiteralBatch {
  kind: "literals";
  index: number;
  /**
   * Per batch, how many of its skills (from the front) the worker has claimed; -1 once this
   * thread took the batch over. Shared: the worker claims skill k by compare-exchange k → k + 1.
   */
  claims: Int32Array;
  /** Each skill's template and files as [path, content]; null for a skill rendered here anyway (reused). */
  skills: Array<{ template?: TemplatePart[]; files: Array<[string, string | Uint8Array]> } | null>;
}

export type LiteralReply = { kind: "literals"; index: number; buffer?: ArrayBuffer; ends?: number[] };

/**
 * The worker's part: the payload objects of the batch's skills it claimed before this thread took the
 * batch over, in one buffer, `ends[k]` where skill k's ends (none when it claimed none).
 */
export function runLiterals(batch: LiteralBatch): LiteralReply {
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
  for (let k = 0; k < batch.skills.length; k++) {
    // Claimed before it is rendered; this thread got here meanwhile (-1): the rest is its own.
    if (Atomics.compareExchange(batch.claims, batch.index, k, k + 1) !== k) break;
    const s = batch.skills[k];
    if (s) payloadTo(s.template, s.files.map(([path, content]) => ({ path, content })), put);
    ends.push(at);
  }
  if (ends.length === 0) return { kind: "literals", index: batch.index };
  return { kind: "literals", index: batch.index, buffer: buf.buffer.slice(0, at) as ArrayBuffer, ends };
}

export class FilesOffload implements FilesSource {
  private readonly claims: Int32Array;
  private readonly done = new Map<number, { bytes: Uint8Array; ends: number[] }>();
  /** The batches sent and not answered. */
  private readonly out = new Set<number>();
  /** This thread's batch, and the wait for the worker's reply to it (when it had claimed some of its skills). */
  private current = 0;
  private waiting?: { index: number; resolve: () => void };
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
    this.claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, this.batches)));
  }

  at(i: number): Promise<void> | undefined {
    if (i % BATCH !== 0) return undefined;
    const c = i / BATCH;
    this.current = c;
    for (const b of this.done.keys()) if (b < c) this.done.delete(b);
    // The batch is this thread's from here on; the skills the worker claimed come with its reply.
    const claimed = c < this.batches ? Atomics.exchange(this.claims, c, -1) : 0;
    while (this.out.size < OUT) {
      const t = Math.max(this.next, c + LEAD);
      if (t >= this.batches || !this.send(t)) break;
      this.next = t + 1;
    }
    if (claimed > 0 && this.out.has(c)) {
      return new Promise((resolve) => {
        this.waiting = { index: c, resolve };
        setTimeout(() => this.waiting?.index === c && this.release(), WAIT_MS);
      });
    }
    return this.out.size > 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined;
  }

  take(i: number): Uint8Array | undefined {
    const got = this.done.get(Math.floor(i / BATCH));
    const k = i % BATCH;
    if (!got || k >= got.ends.length) return undefined;
    return got.bytes.subarray(k === 0 ? 0 : got.ends[k - 1], got.ends[k]);
  }

  /** A reply of the worker's (of a batch this thread has passed: then dropped). */
  onReply(r: LiteralReply): void {
    this.out.delete(r.index);
    if (r.buffer && r.ends && r.index >= this.current) this.done.set(r.index, { bytes: new Uint8Array(r.buffer), ends: r.ends });
    if (this.waiting?.index === r.index) this.release();
  }

  /** The worker is gone: what it had is rendered here. */
  fail(): void {
    this.out.clear();
    this.next = Number.MAX_SAFE_INTEGER;
    this.release();
  }

  private release(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.resolve();
  }

  private send(t: number): boolean {
    const batch = this.skills.slice(t * BATCH, (t + 1) * BATCH);
    this.prepare?.(batch);
    const skills = batch.map((s) => (isReused(s) ? null : { template: s.template, files: s.files.map((f): [string, string | Uint8Array] => [f.path, ownBytes(f.content)]) }));
    if (!this.post({ kind: "literals", index: t, claims: this.claims, skills })) {
      this.fail();
      return false;
    }
    this.out.add(t);
    return true;
  }
}
