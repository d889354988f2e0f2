import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockOutDir } from "../../../src/emit/out-lock.js";

describe("the output lock", () => {
  // A lock file seen between its creation and its first write reads as empty. Read as a torn,
  // stale lock it was taken over, and two builds wrote one outDir at once (their sweeps then
  // left each other's chunks behind). Contenders in one process share the pid, so the lock's
  // "is the holder alive" answer is yes for every complete lock: only a torn read lets two in.
  it("is held by one contender at a time, however many race for it", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "skillc-out-lock-"));
    const outDir = path.join(root, "out");
    let holding = 0;
    let most = 0;
    let turns = 0;
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        for (let round = 0; round < 4; round++) {
          const release = await lockOutDir(outDir);
          holding++;
          most = Math.max(most, holding);
          turns++;
          await new Promise((r) => setTimeout(r, 1));
          holding--;
          await release();
        }
      }),
    );
    expect(turns).toBe(96);
    expect(most).toBe(1);
    expect(readdirSync(root), "no lock or temp file left").toEqual([]);
  });

  it("waits on a lock that is not whole yet, and takes it over once it is too old to be one being written", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "skillc-out-lock-"));
    const outDir = path.join(root, "out");
    writeFileSync(`${outDir}.lock`, "");
    const started = Date.now();
    let took = 0;
    const taking = lockOutDir(outDir).then((release) => {
      took = Date.now();
      return release;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(took, "a lock created a moment ago may still be written").toBe(0);
    const release = await taking;
    expect(took - started).toBeGreaterThanOrEqual(1_900);
    await release();
    expect(existsSync(`${outDir}.lock`)).toBe(false);
  });
});
