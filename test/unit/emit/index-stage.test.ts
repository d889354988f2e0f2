// index.js streamed to a staged file (emit/index-stage.ts): the bytes, what stays in memory, the
// splice from the previous index.js, and a rebuild whose bytes did not change writing nothing.
import { describe, expect, it } from "vitest";
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { IndexStage, type IndexWriter } from "../../../src/emit/index-stage.js";
import { renderBundle, renderBundleTo, serializeSkill, serializeSkillTo, skillMeta, toolsetsLiteral } from "../../../src/emit/bundle.js";
import { objectLit, str } from "../../../src/emit/literal.js";
import type { ToolsetSkill } from "../../../src/types.js";
import { makeSkill, sampleSkills, tmp } from "./helpers.js";
import { randomString, rng } from "./random.js";

const OPTIONS = { dialect: "claude-code", loadFormat: "plain", catalog: { format: "xml", budget: 16000 }, permissions: { allow: [], deny: [] } } as const;
const RUNTIME = "var __skillc={createSkills:(d)=>d,SkillError:class extends Error{}};\n";

/** A stage in a fresh folder, its writer, and the previous file opened when given. */
async function staged(previous?: Buffer) {
  const dir = await tmp("index-stage");
  let prev: { fd: number; size: number } | undefined;
  if (previous) {
    writeFileSync(join(dir, "old.js"), previous);
    prev = { fd: openSync(join(dir, "old.js"), "r"), size: previous.length };
  }
  const stage = new IndexStage(join(dir, "out"));
  const w = stage.writer(prev);
  const file = () => join(stage.tmp!, "index.js");
  const close = () => prev && closeSync(prev.fd);
  return { stage, w, file, close };
}

/** Appends `bytes` as text in pieces of `step` (ASCII test data). */
function putAll(w: IndexWriter, bytes: Buffer, step: number): void {
  for (let i = 0; i < bytes.length; i += step) w.put(bytes.subarray(i, i + step).toString("latin1"));
}

const big = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => 97 + ((i * seed) % 26)));

describe("IndexWriter", () => {
  it("writes the bytes to disk while rendering: past its buffer, the file grows before finish", async () => {
    const { stage, w, file } = await staged();
    const data = big(20 << 20);
    putAll(w, data, 1 << 16);
    // More than 8 MiB appended: most of it is on its way to disk (the thread pool writes it), not held in memory.
    for (let i = 0; i < 200 && statSync(file()).size < 16 << 20; i++) await delay(10);
    expect(statSync(file()).size).toBe(16 << 20);
    expect(w.finish()).toBe(data.length);
    await stage.flush();
    expect(readFileSync(file()).equals(data)).toBe(true);
    expect(stage.staged).toEqual(["index.js"]);
    await stage.discard();
    expect(existsSync(stage.tmp!)).toBe(false);
  });

  it("keeps one line contiguous even when it is longer than the buffer", async () => {
    const { w, file } = await staged();
    w.put("head\n");
    w.startLine();
    const line = big(10 << 20, 7);
    putAll(w, line, 1 << 20);
    expect(w.endLine().equals(line)).toBe(true);
    w.put("\ntail");
    w.finish();
    await w.synced();
    expect(readFileSync(file()).equals(Buffer.concat([Buffer.from("head\n"), line, Buffer.from("\ntail")]))).toBe(true);
  });

  it("stages nothing when the bytes equal the previous file's, spliced or rendered", async () => {
    const previous = big(18 << 20, 3);
    const { stage, w, close } = await staged(previous);
    w.put(previous.subarray(0, 1000).toString("latin1"));
    // At its own offset while the output equals the previous file: not even read.
    expect(w.putPrevious(1000, 9 << 20)).toBe(false);
    putAll(w, previous.subarray(1000 + (9 << 20)), 1 << 20);
    expect(w.finish()).toBe(previous.length);
    close();
    expect(stage.staged).toEqual([]);
    expect(existsSync(join(stage.tmp!, "index.js"))).toBe(false);
  });

  it("writes the whole file when it differs anywhere: early, late, cut short, longer, spliced elsewhere", async () => {
    const previous = big(17 << 20, 5);
    const cases: Array<[string, (w: IndexWriter) => Buffer]> = [
      ["late change", (w) => {
        const out = Buffer.from(previous);
        out[out.length - 3] = 0x21;
        w.putPrevious(0, 16 << 20);
        putAll(w, out.subarray(16 << 20), 4096);
        return out;
      }],
      ["early change", (w) => {
        w.put("!");
        w.putPrevious(1, previous.length - 1);
        return Buffer.concat([Buffer.from("!"), previous.subarray(1)]);
      }],
      ["cut short", (w) => {
        w.putPrevious(0, previous.length - 10);
        return previous.subarray(0, previous.length - 10);
      }],
      ["longer", (w) => {
        w.putPrevious(0, previous.length);
        w.put("more");
        return Buffer.concat([previous, Buffer.from("more")]);
      }],
      ["moved", (w) => {
        expect(w.putPrevious(100, 5 << 20)).toBe(true);
        w.putPrevious(0, 100);
        return Buffer.concat([previous.subarray(100, 100 + (5 << 20)), previous.subarray(0, 100)]);
      }],
    ];
    for (const [name, write] of cases) {
      const { stage, w, file, close } = await staged(previous);
      const expected = write(w);
      expect(w.finish(), name).toBe(expected.length);
      await w.synced();
      close();
      expect(stage.staged, name).toEqual(["index.js"]);
      expect(readFileSync(file()).equals(expected), name).toBe(true);
    }
  });
});

/** serializeSkill as it was written before it streamed its pieces: objectLit over the whole line. */
function referenceSerialize(skill: ToolsetSkill): string {
  const files = skill.files.map((file): [string, string] => [file.path, typeof file.content === "string" ? str(file.content) : `{"b64":${str(Buffer.from(file.content).toString("base64"))}}`]);
  const payload = objectLit([["template", skill.template]], [["files", objectLit([], files)]]);
  const raw: Array<[string, string]> = [["payload", "()=>(" + payload + ")"]];
  if (skill.toolsets) raw.push(["toolsets", toolsetsLiteral(skill.name, skill.toolsets.entries)]);
  return objectLit(skillMeta(skill), raw);
}

describe("serializeSkillTo", () => {
  it("gives, in pieces, the text objectLit gives for the whole line", () => {
    const skills: ToolsetSkill[] = [
      ...sampleSkills(),
      makeSkill({ name: "no-files" }),
      makeSkill({ name: "odd", template: ["a\u2028b\u2029</script>\0\ud800 lone", [2, 0, "$x"]], files: [{ path: "x\u2028.md", content: "\udc00\n\u2029" }] }),
      { ...makeSkill({ name: "tools" }), toolsets: { entries: [{ entry: "t.ts", file: "t.ts", exportName: "default", tools: ["a"], body: "return {a:1}" }], tools: ["a"] } } as unknown as ToolsetSkill,
    ];
    // And 300 skills of random hostile strings in every field the line carries.
    const r = rng(7);
    for (let i = 0; i < 300; i++) {
      const name = `s${i}`;
      const args = Array.from({ length: Math.floor(r() * 3) }, () => randomString(r));
      skills.push(
        makeSkill({
          name,
          description: randomString(r) || "d",
          template: [randomString(r) || "t", [2, 0, randomString(r)], randomString(r) || "u"],
          fields: { arguments: args, argumentHint: r() < 0.5 ? randomString(r) : undefined, triggers: r() < 0.5 ? { keywords: [randomString(r)], verbs: [], patterns: [randomString(r)] } : undefined, context: r() < 0.2 ? "fork" : undefined, agent: r() < 0.2 ? randomString(r) : undefined },
          files: Array.from({ length: Math.floor(r() * 3) }, (_, k) => ({ path: `${k}${randomString(r)}`, content: r() < 0.8 ? randomString(r) : Uint8Array.from([k, 0, 255]) })),
        }),
      );
    }
    for (const skill of skills) {
      const pieces: string[] = [];
      serializeSkillTo(skill, (t) => pieces.push(t));
      expect(pieces.join("")).toBe(referenceSerialize(skill));
      expect(serializeSkill(skill)).toBe(pieces.join(""));
    }
  });

  it("renderBundleTo writes the bytes renderBundle returns", async () => {
    const skills = sampleSkills();
    const { w, file } = await staged();
    const lines: Array<[number, string]> = [];
    await renderBundleTo(w, RUNTIME, "9.9.9", OPTIONS, skills, undefined, (_s, offset, line) => lines.push([offset, line.toString("utf8")]));
    w.finish();
    await w.synced();
    const bytes = readFileSync(file());
    const text = renderBundle(RUNTIME, "9.9.9", OPTIONS, skills);
    expect(bytes.toString("utf8")).toBe(text);
    for (const [offset, line] of lines) expect(bytes.subarray(offset, offset + Buffer.byteLength(line)).toString("utf8")).toBe(line);
    expect(lines.map(([, l]) => l)).toEqual(skills.map(serializeSkill));
  });
});
