// ownBytes (src/util/own-bytes.ts): what goes to another thread holds only its own bytes.
import { describe, expect, it } from "vitest";
import { ownBytes } from "../../../src/util/own-bytes.js";

describe("ownBytes", () => {
  it("copies a view into a larger buffer to just its bytes, and passes strings and whole buffers as they are", () => {
    const batch = new Uint8Array(1024).map((_, i) => i & 0xff);
    const view = batch.subarray(100, 110);
    const own = ownBytes(view);
    expect(own).not.toBe(view);
    expect(own.buffer.byteLength).toBe(10);
    expect([...own]).toEqual([...view]);
    expect(ownBytes(batch)).toBe(batch);
    expect(ownBytes("text")).toBe("text");
  });
});
