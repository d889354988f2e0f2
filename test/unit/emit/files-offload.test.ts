// index.js payloads rendered by another thread (src/emit/files-offload.ts): the bytes are
// payloadTo's for every skill however the batches come back (in time, late, stale, or never), and
// what is out at once stays bounded.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { IndexStage } from "../../../src/emit/index-stage.js";
import { payloadTo, renderBundle, renderBundleTo, serializeSkill } from "../../../src/emit/bundle.js";
import { BATCH, FilesOffload, OUT, runLiterals, type LiteralBatch } from "../../../src/emit/files-offload.js";
import type { CompiledSkill, EmitSkill } from "../../../src/types.js";
import { BINARY, makeSkill, sampleSkills, tmp } from "./helpers.js";
import { NASTY, randomString, rng } from "./random.js";

const OPTIONS = { dialect: "claude-code", loadFormat: "plain", catalog: { format: "xml", budget: 16000 }, permissions: { allow: [], deny: [] } } as const;
const RUNTIME = "var __skillc={createSkills:(d)=>d,SkillError:class extends Error{}};\n";

function manySkills(n: number): CompiledSkill[] {
  const r = rng(7);
  const out: CompiledSkill[] = [...sampleSkills()];
  for (let i = 0; out.length < n; i++) {
    const files = Array.from({ length: i % 3 }, (_, k) => ({ path: `references/${k}-${NASTY[(i + k) % NASTY.length]}.md`, content: k === 2 ? BINARY : randomString(r) + NASTY.join("") }));
    out.push(makeSkill({ name: `s-${String(i).padStart(4, "0")}`, files }));
  }
  return out;
}

const filesText = (s: CompiledSkill) => {
  const parts: string[] = [];
  payloadTo(s.template, s.files, (t) => parts.push(t));
  return parts.join("");
};

/** A worker stand-in: runs each batch on a clone (as postMessage would), answering `delay` turns later, or never when `drop`. */
function fakeWorker(opts: { delay: number; drop?: (b: LiteralBatch) => boolean }) {
  const stats = { sent: 0, maxOut: 0, out: 0 };
  let offload!: FilesOffload;
  const post = (batch: LiteralBatch): boolean => {
    stats.sent++;
    stats.maxOut = Math.max(stats.maxOut, ++stats.out);
    const copy = { ...structuredClone({ ...batch, claims: undefined }), claims: batch.claims } as LiteralBatch;
    let turns = opts.delay;
    const later = (): void => {
      if (turns-- > 0) return void setImmediate(later);
      stats.out--;
      if (!opts.drop?.(batch)) offload.onReply(runLiterals(copy));
    };
    setImmediate(later);
    return true;
  };
  return { stats, attach: (skills: CompiledSkill[], prepare?: (batch: readonly EmitSkill[]) => void) => (offload = new FilesOffload(skills, post, prepare)) };
}

async function render(skills: CompiledSkill[], offload?: FilesOffload, prepare?: (skills: readonly EmitSkill[]) => void): Promise<{ text: string; taken: number }> {
  const stage = new IndexStage(join(await tmp("offload"), "out"));
  const w = stage.writer();
  let taken = 0;
  const counted = offload && { at: (i: number) => offload.at(i), take: (i: number) => { const b = offload.take(i); if (b) taken++; return b; } };
  await renderBundleTo(w, RUNTIME, "9.9.9", OPTIONS, skills, undefined, undefined, counted, prepare);
  w.finish();
  await stage.flush();
  const text = readFileSync(join(stage.tmp!, "index.js"), "utf8");
  await stage.discard();
  return { text, taken };
}

describe("payloads rendered elsewhere", () => {
  it("runLiterals gives payloadTo's bytes per skill, and nothing for a batch this thread has taken over", () => {
    const skills = manySkills(40);
    const claims = new Int32Array(new SharedArrayBuffer(8));
    const batch: LiteralBatch = { kind: "literals", index: 1, claims, skills: skills.map((s, i) => (i === 3 ? null : { template: s.template, files: s.files.map((f): [string, string | Uint8Array] => [f.path, f.content]) })) };
    const r = runLiterals(batch);
    const bytes = Buffer.from(r.buffer!);
    let at = 0;
    skills.forEach((s, i) => {
      const end = r.ends![i]!;
      expect(bytes.subarray(at, end).toString("utf8")).toBe(i === 3 ? "" : filesText(s));
      at = end;
    });
    // Every skill claimed; a second run of the same batch finds none left to claim.
    expect(claims[1]).toBe(skills.length);
    expect(runLiterals(batch).buffer).toBeUndefined();
    Atomics.store(claims, 0, -1);
    expect(runLiterals({ ...batch, index: 0 }).buffer).toBeUndefined();
  });

  it("runLiterals finishes the skill it claimed when this thread takes the batch over, and claims no more", () => {
    const skills = manySkills(10);
    const claims = new Int32Array(new SharedArrayBuffer(4));
    let read = 0;
    let taken = 0;
    // This thread takes the batch over while the worker is at its fourth skill.
    const list = skills.map((s) => ({ template: s.template, files: s.files.map((f): [string, string | Uint8Array] => [f.path, f.content]) }));
    const watched = new Proxy(list, {
      get(target, k, receiver) {
        if (typeof k === "string" && /^\d+$/.test(k) && ++read === 4) taken = Atomics.exchange(claims, 0, -1);
        return Reflect.get(target, k, receiver);
      },
    });
    const r = runLiterals({ kind: "literals", index: 0, claims, skills: watched });
    expect(taken).toBe(4);
    expect(read).toBe(4);
    expect(r.ends).toHaveLength(4);
    const bytes = Buffer.from(r.buffer!);
    expect(bytes.toString("utf8")).toBe(skills.slice(0, 4).map(filesText).join(""));
  });

  it("this thread reaching a batch the worker is rendering waits for the skills it claimed and renders only the rest", async () => {
    const skills = manySkills(6 * BATCH);
    const posted: LiteralBatch[] = [];
    const offload = new FilesOffload(skills, (b) => (posted.push(b), true));
    expect(offload.at(0)).toBeDefined();
    const first = posted[0]!;
    // The worker has claimed (and is rendering) 5 skills of the first batch sent when this thread gets there.
    let reply: ReturnType<typeof runLiterals> | undefined;
    let waited: Promise<void> | undefined;
    let read = 0;
    const watched = new Proxy(first.skills, {
      get(target, k, receiver) {
        if (typeof k === "string" && /^\d+$/.test(k) && ++read === 5) waited = offload.at(first.index * BATCH);
        return Reflect.get(target, k, receiver);
      },
    });
    reply = runLiterals({ ...first, skills: watched });
    expect(reply.ends).toHaveLength(5);
    let released = false;
    void waited!.then(() => (released = true));
    await new Promise((r) => setImmediate(r));
    expect(released).toBe(false);
    offload.onReply(reply);
    await waited;
    expect(released).toBe(true);
    const at = first.index * BATCH;
    for (let k = 0; k < BATCH; k++) {
      const bytes = offload.take(at + k);
      if (k < 5) expect(Buffer.from(bytes!).toString("utf8")).toBe(filesText(skills[at + k]!));
      else expect(bytes).toBeUndefined();
    }
  });

  /** An offload whose first posted batch has two skills claimed by the (absent) worker; `at`: that batch's first skill. */
  function claimedTwo(): { offload: FilesOffload; at: number } {
    const posted: LiteralBatch[] = [];
    const offload = new FilesOffload(manySkills(6 * BATCH), (b) => (posted.push(b), true));
    void offload.at(0);
    const first = posted[0]!;
    Atomics.store(first.claims, first.index, 2);
    return { offload, at: first.index * BATCH };
  }

  it("a wait for a worker's claimed skills ends by itself when no reply comes (they render here then)", async () => {
    const { offload, at } = claimedTwo();
    // Neither a reply nor the worker's end: the wait ends by itself, and the batch is this thread's.
    await offload.at(at)!;
    expect(offload.take(at)).toBeUndefined();
  });

  it("a wait for a worker's claimed skills ends when the worker is gone", async () => {
    const { offload, at } = claimedTwo();
    const waited = offload.at(at)!;
    offload.fail();
    await waited;
    expect(offload.take(at)).toBeUndefined();
  });

  it("index.js is byte for byte renderBundle's, with batches back in time, late, or lost", async () => {
    const skills = manySkills(12 * BATCH + 5);
    const expected = renderBundle(RUNTIME, "9.9.9", OPTIONS, skills);
    expect(expected).toContain(serializeSkill(skills[7]!));
    for (const opts of [{ delay: 0 }, { delay: 40 }, { delay: 0, drop: (b: LiteralBatch) => b.index % 3 === 0 }]) {
      const worker = fakeWorker(opts);
      const { text, taken } = await render(skills, worker.attach(skills));
      expect(text).toBe(expected);
      // Bounded: never more than OUT batches out.
      expect(worker.stats.maxOut).toBeLessThanOrEqual(OUT);
      // A worker that keeps up takes consecutive batches: all but the first LEAD (3) of the 13, less those lost.
      if (opts.delay === 0) expect(taken).toBeGreaterThanOrEqual((opts.drop ? 6 : 9) * BATCH);
    }
  });

  it("templates compiled as needed are compiled once each, before the skill renders here or is sent", async () => {
    const skills = manySkills(12 * BATCH + 5);
    const expected = renderBundle(RUNTIME, "9.9.9", OPTIONS, skills);
    // Each skill's template held back (empty) until `prepare` compiles it, as project/compile.ts does.
    const compiled = new Map(skills.map((s) => [s, s.template]));
    const compiles = new Map<EmitSkill, number>();
    const prepare = (batch: readonly EmitSkill[]): void => {
      for (const s of batch) {
        compiles.set(s, (compiles.get(s) ?? 0) + 1);
        if ((s as CompiledSkill).template.length === 0) (s as CompiledSkill).template = compiled.get(s as CompiledSkill)!;
      }
    };
    for (const opts of [{ delay: 0 }, { delay: 40 }, { delay: 0, drop: (b: LiteralBatch) => b.index % 3 === 0 }]) {
      for (const s of skills) s.template = [];
      compiles.clear();
      const { text, taken } = await render(skills, fakeWorker(opts).attach(skills, prepare), prepare);
      expect(text).toBe(expected);
      if (opts.delay === 0) expect(taken).toBeGreaterThan(0);
      // Every skill compiled; a skill sent and then rendered here (its batch late or lost) asked twice at most.
      expect(skills.every((s) => (compiles.get(s) ?? 0) >= 1 && compiles.get(s)! <= 2)).toBe(true);
    }
  });

  it("a worker that cannot take a batch leaves every skill to this thread", async () => {
    const skills = manySkills(6 * BATCH);
    const offload = new FilesOffload(skills, () => false);
    const { text, taken } = await render(skills, offload);
    expect(text).toBe(renderBundle(RUNTIME, "9.9.9", OPTIONS, skills));
    expect(taken).toBe(0);
  });
});
