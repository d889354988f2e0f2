import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeRecord, recordJson } from "../../../src/cache/analysis-record.js";
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
    expect({ ...viewed, positions: { ...viewed.positions } }).toEqual(s);
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

  it("still read a record stored whole as JSON", () => {
    const s = snapshot();
    expect(decodeRecord(Buffer.from(JSON.stringify({ key: "k1", value: s })), "k1", FILE, true)).toEqual(s);
    expect(decodeRecord(JSON.stringify({ key: "k1", value: s }), "k2", FILE)).toBeUndefined();
  });
});
