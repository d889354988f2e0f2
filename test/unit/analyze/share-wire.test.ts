// fromShare (share-wire.ts): a worker's record becomes the analysis with only its head parsed; the
// frontmatter and positions are parsed when first read, and the outcome is told without reading them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";
import { analyzeMiss, fromShare, replyTransfers, runShareBatch, type ShareResult } from "../../../src/pipeline/share-wire.js";
import { analyzeSkill, type AnalyzeOptions } from "../../../src/pipeline/analyze.js";
import { encodeAnalysisRecord, type AnalysisSnapshot } from "../../../src/pipeline/analysis-store.js";
import { encodePositions } from "../../../src/pipeline/positions-wire.js";
import type { SkillSource } from "../../../src/types.js";

const root = { dir: "skills", scope: "skills", precedence: 0 };
const source: SkillSource = { root, dir: "skills/a", relDir: "a", file: "skills/a/SKILL.md", fileName: "SKILL.md", absDir: "/nowhere/skills/a" };
const bytes = new TextEncoder().encode("---\nname: a\ndescription: An A. Use when testing.\n---\n\nBody.\n");
const range = { line: 1, column: 1, endLine: 4, endColumn: 4 };
const snapshot = (fields: AnalysisSnapshot["fields"]): AnalysisSnapshot => ({
  frontmatter: { name: "a", description: "An A. Use when testing." },
  positions: { "/name": { key: range, value: range } },
  frontmatterRange: range,
  bodyOffset: 52,
  bodyStart: 53,
  fields,
  diagnostics: [],
  parsedCount: 0,
});

/** A result whose record's frontmatter and positions parts are `fm` and `positions` as given (maybe not JSON). */
function result(fields: AnalysisSnapshot["fields"], fm: string, positions: string): ShareResult {
  const [head] = encodeAnalysisRecord("k", snapshot(fields)).split("\t");
  return { bytes: bytes.slice().buffer as ArrayBuffer, record: Buffer.from(`${head}\t${fm}\t${positions}`), hash: "h", paths: [], fileDiagnostics: [] };
}

describe("fromShare", () => {
  it("parses the frontmatter and positions only when they are read", () => {
    const a = fromShare(source, result(undefined, "{not json", "{not json"), undefined);
    expect(a.outcome).toBe("invalid");
    expect(a.diagnostics).toEqual([]);
    if (a.outcome !== "invalid") throw new Error("unreachable");
    expect(a.parsed.bodyStart).toBe(53);
    expect(a.parsed.text).toContain("Body.");
    expect(() => a.parsed.positions).toThrow(SyntaxError);
    expect(() => a.parsed.frontmatter).toThrow(SyntaxError);
  });

  it("reads them as the record holds them, once, and keeps what is set", () => {
    const fm = JSON.stringify({ name: "a", description: "An A. Use when testing." });
    // As a record holds them (pipeline/positions-wire.ts).
    const positions = encodePositions({ "/name": { key: range, value: range } });
    const fields = { name: "a", description: "An A. Use when testing." } as unknown as AnalysisSnapshot["fields"];
    const a = fromShare(source, result(fields, fm, positions), undefined);
    if (a.outcome !== "valid") throw new Error(`outcome ${a.outcome}`);
    expect(a.skill.frontmatter).toEqual(JSON.parse(fm));
    expect(a.skill.frontmatter).toBe(a.parsed.frontmatter);
    expect(a.skill.positions["/name"]).toEqual({ key: range, value: range });
    expect({ ...a.skill }.positions).toBe(a.parsed.positions);
    a.parsed.positions = {};
    expect(a.skill.positions).toEqual({});
  });

  it("tells an unparsed skill by its null frontmatter", () => {
    const a = fromShare(source, result(undefined, "null", "{}"), undefined);
    expect(a.outcome).toBe("unparsed");
    if (a.outcome !== "unparsed") throw new Error("unreachable");
    expect(a.parsed.frontmatter).toBeUndefined();
  });
});

describe("analyzeMiss", () => {
  it("gives analyzeSkill's analysis and cache entry, its text decoded again only when read", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-miss-"));
    try {
      mkdirSync(path.join(dir, "skills", "a"), { recursive: true });
      writeFileSync(path.join(dir, "skills", "a", "SKILL.md"), "---\nname: a\ndescription: An A — with $1 in `code $1`. Use when testing.\n---\n\nRun `x $ARGUMENTS` and see [b](b.md).\n");
      const src: SkillSource = { ...source, absDir: path.join(dir, "skills", "a") };
      const sets: unknown[][] = [];
      const cache = { get: () => undefined, set: (...args: unknown[]) => void sets.push(args) };
      const opts: AnalyzeOptions = { profile: "skillc", settings: {}, files: { include: ["**"], exclude: [], maxBytes: 1_000_000 }, readFiles: false, cache };
      const got = await analyzeMiss(src, opts);
      if (got.outcome !== "valid") throw new Error(`outcome ${got.outcome}`);
      expect(Object.getOwnPropertyDescriptor(got.parsed, "text")?.get).toBeTypeOf("function");
      expect(Object.getOwnPropertyDescriptor(got.skill, "body")?.get).toBeTypeOf("function");
      const expected = await analyzeSkill(src, opts);
      expect(got).toEqual(expected);
      expect(sets[0]).toEqual(sets[1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("analyzeMiss with a cache that keeps the record's bytes", () => {
  it("reads the frontmatter and positions from the kept record when asked, equal to analyzeSkill's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-miss-kept-"));
    try {
      mkdirSync(path.join(dir, "skills", "a"), { recursive: true });
      writeFileSync(path.join(dir, "skills", "a", "SKILL.md"), "---\nname: a\ndescription: An A — with $1. Use when testing.\nmetadata:\n  tags: [x, y]\n---\n\nBody.\n");
      const src: SkillSource = { ...source, absDir: path.join(dir, "skills", "a") };
      const kept = new Map<string, Buffer>();
      const cache = {
        get: () => undefined,
        set: () => undefined,
        setRecord: (file: string, record: string | Uint8Array) => {
          const bytes = Buffer.from(typeof record === "string" ? record : Buffer.from(record).toString("utf8"));
          kept.set(file, bytes);
          return bytes;
        },
      };
      const opts: AnalyzeOptions = { profile: "skillc", settings: {}, files: { include: ["**"], exclude: [], maxBytes: 1_000_000 }, readFiles: false, cache };
      const got = await analyzeMiss(src, opts);
      if (got.outcome !== "valid") throw new Error(`outcome ${got.outcome}`);
      expect(Object.getOwnPropertyDescriptor(got.parsed, "positions")?.get).toBeTypeOf("function");
      expect(Object.getOwnPropertyDescriptor(got.skill, "frontmatter")?.get).toBeTypeOf("function");
      // The kept bytes are what the analysis reads: a change to them shows (nothing else holds the objects).
      const record = kept.get(src.file)!;
      const at = record.indexOf("tags", record.indexOf("\t")); // in the frontmatter part (the head has the fields)
      record.write("tagz", at);
      expect(Object.keys((got.skill.frontmatter.metadata ?? {}) as object)).toEqual(["tagz"]);
      record.write("tags", at);
      const fresh = await analyzeMiss(src, opts);
      expect(fresh).toEqual(await analyzeSkill(src, { ...opts, cache: undefined }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("runShareBatch", () => {
  it("answers each skill's bytes as a buffer of its own and the records in one, all transferable, whatever the sizes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-share-bytes-"));
    try {
      // Below, at and past Buffer's pool cut (4 KB: smaller reads share a pooled buffer), and large.
      const sizes = [60, 4095, 4096, 4097, 70_000];
      const texts = sizes.map((n, i) => {
        const head = `---\nname: s${i}\ndescription: Size ${n}. Use when testing.\n---\n\n`;
        return head + "x".repeat(n - head.length - 1) + "\n";
      });
      const sources = texts.map((t, i): SkillSource => {
        mkdirSync(path.join(dir, `s${i}`));
        writeFileSync(path.join(dir, `s${i}`, "SKILL.md"), t);
        return { ...source, dir: `skills/s${i}`, relDir: `s${i}`, file: `skills/s${i}/SKILL.md`, absDir: path.join(dir, `s${i}`) };
      });
      const options = { profile: "skillc" as const, settings: {}, files: { include: ["**"], exclude: [], maxBytes: 1_000_000 } };
      const results = await runShareBatch({ kind: "share", id: 0, options, sources, listings: [] });
      const transfers = replyTransfers(results);
      // One buffer per skill's bytes, and one for the batch's records.
      expect(new Set(transfers).size).toBe(sizes.length + 1);
      const records = results.map((r) => ("bytes" in r ? Buffer.from(r.record).toString("utf8") : undefined));
      const { port1, port2 } = new MessageChannel();
      port1.postMessage({ results }, transfers);
      const got = receiveMessageOnPort(port2)!.message as { results: ShareResult[] };
      port1.close();
      expect(got.results.map((r) => ("bytes" in r ? Buffer.from(r.bytes).toString("utf8") : undefined))).toEqual(texts);
      // Each record as the cache would encode it, a view of the one transferred buffer.
      expect(got.results.map((r) => ("bytes" in r ? Buffer.from(r.record).toString("utf8") : undefined))).toEqual(records);
      expect(records.every((r) => r?.startsWith('{"key":'))).toBe(true);
      expect(new Set(got.results.map((r) => ("bytes" in r ? r.record.buffer : undefined))).size).toBe(1);
      const a = fromShare(sources[1]!, got.results[1]!, undefined);
      if (a.outcome !== "valid") throw new Error(`outcome ${a.outcome}`);
      expect(a.parsed.text).toBe(texts[1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
