// --fix: applies the safe rewrites diagnostics carry, ESLint-style (non-overlapping, from the end).
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic, Fix } from "../types.js";
import { compareCodeUnits } from "../util/compare.js";

/** Applies non-overlapping fixes to `text`; returns the new text and how many were applied. */
export function applyFixes(text: string, fixes: Fix[]): { text: string; applied: number } {
  const sorted = [...fixes].sort((a, b) => b.range[0] - a.range[0] || b.range[1] - a.range[1]);
  let out = text;
  let applied = 0;
  let limit = Infinity;
  for (const fix of sorted) {
    if (fix.range[1] > limit) continue; // overlaps one already applied; the next run will retry it
    out = out.slice(0, fix.range[0]) + fix.text + out.slice(fix.range[1]);
    limit = fix.range[0];
    applied++;
  }
  return { text: out, applied };
}

/** Rewrites every file that has fixable diagnostics. Returns what changed, per file (posix, relative). */
export async function fixFiles(cwd: string, diagnostics: Diagnostic[]): Promise<Array<{ file: string; applied: number }>> {
  const byFile = new Map<string, Fix[]>();
  for (const d of diagnostics) if (d.fix) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d.fix]);
  const changed: Array<{ file: string; applied: number }> = [];
  // One file can be linted under two paths (a hook passes `skills/a/SKILL.md` and `skills/b`, a link
  // to `a` inside the checkout): both carry the same fixes, made for the text before either, and
  // applied twice they would land on the first one's result and tear the file. Each file, by device
  // and inode, is fixed once.
  const done = new Set<string>();
  for (const [file, fixes] of [...byFile.entries()].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const absolute = path.resolve(cwd, file);
    const { dev, ino } = await stat(absolute, { bigint: true });
    if (done.has(`${dev}:${ino}`)) continue;
    done.add(`${dev}:${ino}`);
    const original = await readFile(absolute, "utf8");
    const { text, applied } = applyFixes(original, fixes);
    if (applied > 0 && text !== original) {
      await writeFile(absolute, text);
      changed.push({ file, applied });
    }
  }
  return changed;
}
