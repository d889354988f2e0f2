// Replacing a folder whole or not at all: the new tree is written into a sibling folder and swapped
// in by two renames (the old one moved aside, the new one into place, the old one removed), so a
// failure at any point leaves the previous folder as it was. Used by `skillc import` (a skill
// folder) and `skillc publish` (the published folder).
import { lstatSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";

/** Writes `dest`'s new contents with `fill(fresh)` into a sibling `.<name>.<kind>-<hex>`, then swaps it in. */
export async function replaceFolder(dest: string, kind: string, fill: (fresh: string) => Promise<void>): Promise<void> {
  const tag = randomBytes(4).toString("hex");
  const parent = path.dirname(dest);
  const fresh = path.join(parent, `.${path.basename(dest)}.${kind}-${tag}`);
  const old = path.join(parent, `.${path.basename(dest)}.replaced-${tag}`);
  let replaced = false;
  try {
    await fill(fresh);
    // lstat: a link in dest's place (a checkout can commit one, dangling or not) is itself moved
    // aside and removed; existsSync followed it, and a dangling one made the rename fail (ENOTDIR).
    if (entryAt(dest)) {
      await rename(dest, old);
      replaced = true;
    }
    try {
      await rename(fresh, dest);
    } catch (error) {
      if (replaced) await rename(old, dest);
      throw error;
    }
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}

/** Whether something (a link included, dangling or not) is at `p` itself; false when a file on the way makes that unaskable. */
export function entryAt(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}
