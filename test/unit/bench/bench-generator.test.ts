// The benchmark's corpus generator (bench/generate.mjs): same bytes on every run, and the shape
// perf-facts.md describes (SKILL.md median ≈ 7.9 KB / ≈ 200 lines, ≈ 9% over 500 lines, 0–5
// supporting files, a few binaries and nested groups, executable scripts, links that resolve).
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
// @ts-ignore -- plain ESM script without declarations
import { corpusFiles, corpusStats, generateCorpus, hashTree, listFiles } from "../../../bench/generate.mjs";

const SIZE = 100;
let base: string;
let first: { dir: string; sha256: string; files: number; bytes: number };
let second: { dir: string; sha256: string };

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillc-bench-gen-"));
  first = generateCorpus({ size: SIZE, dir: path.join(base, "a") });
  second = generateCorpus({ size: SIZE, dir: path.join(base, "b") });
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe("bench corpus generator", () => {
  it("writes the same bytes on every run", () => {
    const a = hashTree(first.dir);
    const b = hashTree(second.dir);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    // The stamp's hash is the hash of the tree (same walk, same order).
    expect(first.sha256).toBe(a);
    expect(listFiles(first.dir)).toEqual(listFiles(second.dir));
  });

  it("reuses a corpus whose stamp matches, and regenerates with force", () => {
    const again = generateCorpus({ size: SIZE, dir: first.dir });
    expect(again.reused).toBe(true);
    expect(again.sha256).toBe(first.sha256);
  });

  it("makes skill i from (seed, i) alone: a smaller corpus is a prefix of a larger one", () => {
    const small = [...corpusFiles(10)].map((f: { rel: string; data: string | Uint8Array }) => [f.rel, Buffer.from(f.data).toString("base64")]);
    const large = [...corpusFiles(20)].map((f: { rel: string; data: string | Uint8Array }) => [f.rel, Buffer.from(f.data).toString("base64")]);
    expect(large.slice(0, small.length)).toEqual(small);
  });

  it("has the shape of perf-facts.md's corpora", () => {
    const s = corpusStats(first.dir);
    expect(s.skills).toBe(SIZE);
    expect(s.skillMdMedianBytes).toBeGreaterThan(6500);
    expect(s.skillMdMedianBytes).toBeLessThan(9500);
    expect(s.skillMdMedianLines).toBeGreaterThan(150);
    expect(s.skillMdMedianLines).toBeLessThan(250);
    expect(s.over500LinesFraction).toBeGreaterThan(0.03);
    expect(s.over500LinesFraction).toBeLessThan(0.18);
    expect(s.supportingMin).toBe(0);
    expect(s.supportingMax).toBeLessThanOrEqual(5);
    expect(s.supportingMean).toBeGreaterThan(1.2);
    expect(s.supportingMean).toBeLessThan(2.4);
    expect(s.binaryFiles).toBeGreaterThan(0);
    expect(s.nestedSkills).toBeGreaterThan(0);
    // ≈ 27 KB per skill on average (277 MB at 10k in perf-facts.md).
    expect(s.totalBytes / SIZE).toBeGreaterThan(15_000);
    expect(s.totalBytes / SIZE).toBeLessThan(45_000);
  });

  it("writes valid frontmatter: name = folder, description 80–400 characters, known field types", () => {
    const mds = listFiles(first.dir).filter((f: string) => f.endsWith("/SKILL.md"));
    const names = new Set<string>();
    let withArgs = 0, withTriggers = 0, withMetadata = 0, crlf = 0;
    for (const rel of mds) {
      const text = readFileSync(path.join(first.dir, rel), "utf8");
      if (text.includes("\r\n")) crlf++;
      const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
      expect(m, rel).not.toBeNull();
      const fm = parseYaml(m![1]);
      const folder = path.posix.basename(path.posix.dirname(rel));
      expect(fm.name).toBe(folder);
      expect(fm.name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(names.has(fm.name)).toBe(false);
      names.add(fm.name);
      expect(typeof fm.description).toBe("string");
      expect(fm.description.length).toBeGreaterThanOrEqual(80);
      expect(fm.description.length).toBeLessThanOrEqual(400);
      if (fm.arguments !== undefined) withArgs++;
      if (fm.triggers !== undefined) withTriggers++;
      if (fm.metadata !== undefined) {
        withMetadata++;
        for (const v of Object.values(fm.metadata)) expect(typeof v).toBe("string");
      }
      if (fm.version !== undefined) expect(typeof fm.version).toBe("string");
    }
    expect(withArgs).toBeGreaterThan(0);
    expect(withTriggers).toBeGreaterThan(0);
    expect(withMetadata).toBeGreaterThan(0);
    expect(crlf).toBeLessThan(SIZE / 10);
  });

  it("links only to files that exist, and marks scripts executable with a shebang", () => {
    const all = listFiles(first.dir);
    let links = 0, scripts = 0, dollarInFences = 0;
    for (const rel of all.filter((f: string) => f.endsWith("/SKILL.md"))) {
      const dir = path.posix.dirname(rel);
      const text = readFileSync(path.join(first.dir, rel), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        links++;
        expect(existsSync(path.join(first.dir, dir, target)), `${rel} → ${target}`).toBe(true);
      }
      if (/```bash[^`]*\\?\$1/.test(text)) dollarInFences++;
    }
    for (const rel of all.filter((f: string) => /\/scripts\/[^/]+\.(sh|py)$/.test(f))) {
      scripts++;
      const full = path.join(first.dir, rel);
      expect(statSync(full).mode & 0o111, rel).not.toBe(0);
      expect(readFileSync(full, "utf8").startsWith("#!/usr/bin/env "), rel).toBe(true);
    }
    expect(links).toBeGreaterThan(SIZE);
    expect(scripts).toBeGreaterThan(10);
    expect(dollarInFences).toBeGreaterThan(0);
  });
});
