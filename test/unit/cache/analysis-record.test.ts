import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeRecord, recordJson } from "../../../src/cache/analysis-record.js";
import { sideSkill } from "../../../src/emit/side-render.js";
import { encodeAnalysisRecord as encodeRecord } from "../../../src/pipeline/analysis-store.js";
import type { AnalysisSnapshot } from "../../../src/pipeline/analysis-store.js";

const FILE = "skills/a/SKILL.md";
const range = (line: number, column: number, endColumn: number) => ({ line, column, endLine: line, endColumn });

function snapshot(): AnalysisSnapshot {
  return {
    frontmatter: { name: "a", description: "Does a.\tTabbed" },
    positions: {
      "": { value: range(2, 1, 20) },
      "/name": { key: range(2, 1, 5), value: range(2, 7, 8) },
      "/description": { key: range(3, 1, 12), value: range(3, 14, 30) },
    },
    frontmatterRange: { line: 1, column: 1, endLine: 4, endColumn: 4 },
    bodyOffset: 40,
    bodyStart: 41,
    fields: { name: "a", description: "Does a.\tTabbed", briefDescription: "Does a.", arguments: [], toolsets: [], scripts: [], disableModelInvocation: false, userInvocable: true, defaultEnabled: true },
    diagnostics: [{ file: FILE, line: 5, column: 1, ruleId: "body-too-long", severity: "warning", message: "long" }],
    parsedCount: 0,
  };
}

const stored = (s: AnalysisSnapshot, key = "k1") => Buffer.from(encodeRecord(key, s));

afterEach(() => vi.restoreAllMocks());

describe("analysis records", () => {
  it("decode to the snapshot they were encoded from, whole or with positions as a view", () => {
    const s = snapshot();
    expect(decodeRecord(stored(s), "k1", FILE)).toEqual(s);
    const viewed = decodeRecord(stored(s), "k1", FILE, true)!;
    expect({ ...viewed, frontmatter: { ...viewed.frontmatter }, positions: { ...viewed.positions } }).toEqual(s);
    expect(JSON.stringify(viewed.frontmatter)).toBe(JSON.stringify(s.frontmatter));
    expect(JSON.stringify(viewed.positions)).toBe(JSON.stringify(s.positions));
    expect(Object.keys(viewed.positions)).toEqual(Object.keys(s.positions));
    expect(recordJson(stored(s))).toEqual({ key: "k1", value: s });
  });

  it("parse a view's positions only when a pointer other than the description's is read", () => {
    const bytes = stored(snapshot());
    const parse = vi.spyOn(JSON, "parse");
    const viewed = decodeRecord(bytes, "k1", FILE, true)!;
    const afterDecode = parse.mock.calls.length;
    expect(viewed.positions["/description"]).toEqual(snapshot().positions["/description"]);
    expect(parse.mock.calls.length).toBe(afterDecode);
    expect(viewed.positions["/name"]).toEqual(snapshot().positions["/name"]);
    expect(parse.mock.calls.length).toBe(afterDecode + 1);
    expect(viewed.positions["/nope"]).toBeUndefined();
    expect("/name" in viewed.positions).toBe(true);
    expect(parse.mock.calls.length).toBe(afterDecode + 1);
  });

  it("parse a view's frontmatter only when it is read, and never let it be written", () => {
    const bytes = stored(snapshot());
    const parse = vi.spyOn(JSON, "parse");
    const viewed = decodeRecord(bytes, "k1", FILE, true)!;
    const afterDecode = parse.mock.calls.length;
    expect(parse.mock.calls.every(([text]) => !String(text).startsWith('{"name"'))).toBe(true);
    const fm = viewed.frontmatter!;
    expect(fm.description).toBe("Does a.\tTabbed");
    expect(parse.mock.calls.length).toBe(afterDecode + 1);
    expect(Object.keys(fm)).toEqual(["name", "description"]);
    expect("name" in fm && !("nope" in fm)).toBe(true);
    expect(parse.mock.calls.length).toBe(afterDecode + 1);
    expect(() => (fm.name = "b")).toThrow(TypeError);
    expect(() => delete fm.name).toThrow(TypeError);
    expect(fm.name).toBe("a");
    // What crosses to a worker or a caller is a plain copy: a proxy does not clone.
    expect(() => structuredClone(fm)).toThrow();
    expect(structuredClone(sideSkill({ ...viewed, name: "a", source: { file: FILE }, files: [], contentHash: "h" } as never).frontmatter)).toEqual(snapshot().frontmatter);
  });

  it("read a view's frontmatter that is not an object as a miss, and one that does not parse as empty", () => {
    const text = encodeRecord("k1", snapshot());
    const [head, , positions] = text.split("\t");
    const withFm = (fm: string) => Buffer.from([head, fm, positions].join("\t"));
    expect(decodeRecord(withFm("[1]"), "k1", FILE, true)).toBeUndefined();
    expect(decodeRecord(withFm('"a"'), "k1", FILE, true)).toBeUndefined();
    // null: a skill whose frontmatter did not parse, which has no fields either (this one has).
    expect(decodeRecord(withFm("null"), "k1", FILE, true)).toBeUndefined();
    const broken = decodeRecord(withFm('{"name": nope'), "k1", FILE, true)!;
    expect(Object.keys(broken.frontmatter!)).toEqual([]);
    expect(broken.frontmatter!.name).toBeUndefined();
  });

  it("are a miss under another key, of the wrong shape, or cut short", () => {
    const s = snapshot();
    expect(decodeRecord(stored(s), "k2", FILE)).toBeUndefined();
    expect(decodeRecord(stored(s), "k1", "skills/b/SKILL.md")).toBeUndefined();
    expect(decodeRecord(stored({ ...s, frontmatter: undefined }), "k1", FILE)).toBeUndefined();
    const text = encodeRecord("k1", s);
    expect(decodeRecord(Buffer.from(text.slice(0, text.lastIndexOf("\t"))), "k1", FILE, true)).toBeUndefined();
    expect(decodeRecord(Buffer.from(text.replace(/\t.*\t/, "\t[1]\t")), "k1", FILE, true)).toBeUndefined();
    expect(decodeRecord(Buffer.from(text.replace(/\t\{[^\t]*$/, "\t[]")), "k1", FILE)).toBeUndefined();
  });

  it("read a view's malformed positions as none, never throwing later", () => {
    const text = encodeRecord("k1", snapshot());
    const broken = Buffer.from(text.slice(0, text.lastIndexOf("\t") + 1) + '{"/name": nope');
    const viewed = decodeRecord(broken, "k1", FILE, true)!;
    expect(viewed.positions["/description"]).toEqual(snapshot().positions["/description"]);
    expect(viewed.positions["/name"]).toBeUndefined();
    expect(Object.keys(viewed.positions)).toEqual([]);
    const wrongShape = decodeRecord(Buffer.from(text.slice(0, text.lastIndexOf("\t") + 1) + '{"/name":5}'), "k1", FILE, true)!;
    expect(wrongShape.positions["/name"]).toBeUndefined();
    expect(decodeRecord(Buffer.from(text.slice(0, text.lastIndexOf("\t") + 1) + '{"/name":5}'), "k1", FILE)).toBeUndefined();
  });

  it("hold the positions as flat arrays, value then key", () => {
    const [head, , positions] = encodeRecord("k1", snapshot()).split("\t");
    expect(JSON.parse(positions!)).toEqual({ "": [2, 1, 2, 20], "/name": [2, 7, 2, 8, 2, 1, 2, 5], "/description": [3, 14, 3, 30, 3, 1, 3, 12] });
    expect(JSON.parse(head!).desc).toEqual([3, 14, 3, 30, 3, 1, 3, 12]);
  });

  it("are a miss when written in the nested form of before (positions or the description's as range objects)", () => {
    const s = snapshot();
    const [head, fm] = encodeRecord("k1", s).split("\t");
    const { desc: _flat, ...rest } = JSON.parse(head!) as Record<string, unknown>;
    const oldHead = JSON.stringify({ ...rest, desc: s.positions["/description"] });
    const old = Buffer.from([oldHead, fm, JSON.stringify(s.positions)].join("\t"));
    expect(decodeRecord(old, "k1", FILE)).toBeUndefined();
    expect(decodeRecord(old, "k1", FILE, true)).toBeUndefined();
    // Only the positions part nested: a miss whole; as a view, the positions read as none.
    const oldPositions = Buffer.from([head, fm, JSON.stringify(s.positions)].join("\t"));
    expect(decodeRecord(oldPositions, "k1", FILE)).toBeUndefined();
    expect(Object.keys(decodeRecord(oldPositions, "k1", FILE, true)!.positions)).toEqual([]);
    expect(() => recordJson(old)).toThrow();
  });

  it("still read a record stored whole as JSON", () => {
    const s = snapshot();
    expect(decodeRecord(Buffer.from(JSON.stringify({ key: "k1", value: s })), "k1", FILE, true)).toEqual(s);
    expect(decodeRecord(JSON.stringify({ key: "k1", value: s }), "k2", FILE)).toBeUndefined();
  });
});
