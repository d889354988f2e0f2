// The thread pool's writes of the staged index.js (emit/async-writes.ts): the background fdatasyncs
// that overlap its writeback with rendering, one at a time, and their errors, which fail the build.
import { describe, expect, it } from "vitest";
import { closeSync, fdatasync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AsyncWrites } from "../../../src/emit/async-writes.js";
import { tmp } from "./helpers.js";

const MB = 1 << 20;

/** A fresh file open for writing, and a datasync stand-in that records its calls (and finishes each when told). */
async function setup() {
  const file = join(await tmp("async-writes"), "out.bin");
  const fd = openSync(file, "wx");
  const calls: Array<(err: NodeJS.ErrnoException | null) => void> = [];
  const datasync = (f: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
    expect(f).toBe(fd);
    calls.push(cb);
  };
  return { file, fd, calls, datasync };
}

/** Writes buffers `from`…`from + count - 1` of `size` bytes (each byte of buffer k is k) at their place, waiting on busy() as the render loop does. */
async function writeAll(w: AsyncWrites, count: number, size: number, from = 0): Promise<void> {
  for (let k = from; k < from + count; k++) {
    w.write(Buffer.alloc(size, k), size, k * size, () => undefined);
    const busy = w.busy();
    if (busy) await busy;
  }
}

describe("AsyncWrites", () => {
  it("starts an fdatasync every syncEvery bytes written, never two at once, and a last one at synced()", async () => {
    const { file, fd, calls, datasync } = await setup();
    const w = new AsyncWrites(fd, 3, { syncEvery: 2 * MB, datasync });
    await writeAll(w, 4, MB);
    // Wait until the writes are done: the first early sync has started (2 MB) and is still running.
    while (calls.length === 0) await new Promise((r) => setImmediate(r));
    await writeAll(w, 4, MB, 4).then(() => new Promise((r) => setTimeout(r, 20)));
    // 8 MB written, but the first sync never finished: no second one started beside it.
    expect(calls.length).toBe(1);
    let idle = false;
    const waiting = w.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 10));
    // idle() waits for the running sync too (the file is not closed under it).
    expect(idle).toBe(false);
    calls[0]!(null);
    await waiting;
    expect(w.earlySyncs).toBe(1);
    const done = w.synced();
    while (calls.length < 2) await new Promise((r) => setImmediate(r));
    calls[1]!(null);
    await done;
    closeSync(fd);
    const bytes = readFileSync(file);
    expect(bytes.length).toBe(8 * MB);
    for (let k = 0; k < 8; k++) expect(bytes[k * MB + 12345]).toBe(k);
  });

  it("with the real fdatasync: the syncs run while writing goes on, and the bytes are whole", async () => {
    const { file, fd } = await setup();
    const w = new AsyncWrites(fd, 3, { syncEvery: MB, datasync: fdatasync });
    await writeAll(w, 12, MB / 2);
    await w.synced();
    closeSync(fd);
    // At least the first (a sync still running when the next 1 MB is written makes that one wait for the last).
    expect(w.earlySyncs).toBeGreaterThanOrEqual(1);
    expect(readFileSync(file).length).toBe(6 * MB);
  });

  it("a background sync's error is not lost: idle() and synced() reject with it", async () => {
    const { fd, calls, datasync } = await setup();
    const w = new AsyncWrites(fd, 3, { syncEvery: MB, datasync });
    await writeAll(w, 2, MB);
    while (calls.length === 0) await new Promise((r) => setImmediate(r));
    calls[0]!(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }));
    await writeAll(w, 3, MB, 2);
    await expect(w.idle()).rejects.toMatchObject({ code: "EIO" });
    await expect(w.synced()).rejects.toMatchObject({ code: "EIO" });
    // After an error no more background syncs are started, and synced() does not run the last one.
    expect(calls.length).toBe(1);
    closeSync(fd);
  });

  it("the last sync's error rejects synced()", async () => {
    const { fd, calls, datasync } = await setup();
    const w = new AsyncWrites(fd, 3, { syncEvery: 0, datasync });
    await writeAll(w, 3, MB);
    const done = w.synced();
    while (calls.length === 0) await new Promise((r) => setImmediate(r));
    // No early syncs with syncEvery 0: the only call is the last one.
    expect(w.earlySyncs).toBe(0);
    calls[0]!(Object.assign(new Error("ENOSPC"), { code: "ENOSPC" }));
    await expect(done).rejects.toMatchObject({ code: "ENOSPC" });
    closeSync(fd);
  });
});
