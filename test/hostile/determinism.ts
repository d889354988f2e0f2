// Determinism (test/hostile/determinism.test.ts, test/conformance/determinism.test.ts): one tree copied to two different paths, its files created in opposite orders (and
// with different mtimes), builds to byte-identical outputs — every file of outDir.
import { readFileSync, readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { SkillcConfig } from "../../src/config/types.js";
import { type Recorder, runBuild, tmp, writeTree } from "./helpers.js";

export function readTree(dir: string, prefix = ""): Array<[string, Buffer]> {
  const out: Array<[string, Buffer]> = [];
  for (const e of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...readTree(dir, rel));
    else if (e.isFile()) out.push([rel, readFileSync(path.join(dir, rel))]);
  }
  return out;
}

/**
 * Builds `base` (plus hostile names and contents) at two paths in opposite orders and expects identical
 * bytes (with `config`, e.g. the split layout).
 */
export async function expectDeterministic(base: Array<[string, string | Uint8Array]>, rec: Recorder, config: SkillcConfig = {}): Promise<void> {
  const files = base.map(([rel, b]): [string, string | Uint8Array] => [`skills/${rel}`, b]);
  files.push(
    ["skills/unicode/SKILL.md", "---\nname: unicode\ndescription: Ünïcödé — “quotes” & <tags>.\n---\nBody $ARGUMENTS ${CLAUDE_SKILL_DIR}\n"],
    ["skills/unicode/files/\u00e9.md", "nfc"],
    ["skills/unicode/files/Z.md", "upper"],
    ["skills/unicode/files/a.md", "lower"],
    ["skills/unicode/files/bin.dat", new Uint8Array([0, 1, 2, 255, 254])],
    ["skills/unicode/files/10.md", "ten"],
    ["skills/unicode/files/9.md", "nine"],
  );
  const a = path.join(tmp("skillc-det-a-"), "project");
  const b = path.join(tmp("skillc-det-b-"), "deeper", "other-name");
  writeTree(a, Object.fromEntries(files));
  writeTree(b, Object.fromEntries([...files].reverse()));
  // Different mtimes too.
  for (const [rel] of files) utimesSync(path.join(b, rel), new Date(1_000_000_000_000), new Date(1_000_000_000_000));
  rec.tried("determinism: copies at two paths", 1);
  const [ra, rb] = [await runBuild(a, config), await runBuild(b, config)];
  expect(ra.written && rb.written, JSON.stringify([...ra.diagnostics, ...rb.diagnostics].filter((d) => d.severity === "error").slice(0, 3))).toBe(true);
  const oa = readTree(ra.outDir);
  const ob = readTree(rb.outDir);
  expect(oa.map(([n]) => n)).toEqual(ob.map(([n]) => n));
  expect(oa.length).toBeGreaterThanOrEqual(4);
  if (config.output === "split") expect(oa.filter(([n]) => n.startsWith("chunks/")).length).toBeGreaterThan(0);
  const differing = oa.filter(([n, bytes], i) => !bytes.equals(ob[i]![1])).map(([n]) => n);
  if (differing.length) rec.crash("determinism: copies at two paths");
  expect(differing).toEqual([]);
  // No absolute path of either copy in any output.
  for (const [n, bytes] of [...oa, ...ob]) {
    expect(bytes.includes(a), n).toBe(false);
    expect(bytes.includes(b), n).toBe(false);
  }
  // A rebuild without changes writes nothing new and stays identical.
  const again = await runBuild(a, config);
  expect(readTree(again.outDir).every(([n, bytes], i) => n === oa[i]![0] && bytes.equals(oa[i]![1]))).toBe(true);
}
