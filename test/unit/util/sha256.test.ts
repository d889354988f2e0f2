import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/util/sha256.js";
import { rng } from "../../helpers/prng.js";

describe("sha256Hex", () => {
  it("is createHash's digest for bytes and strings (UTF-8), empty and long", () => {
    const next = rng(7);
    const inputs: Array<string | Uint8Array> = ["", "abc", "é\u202e😀\n", new Uint8Array(0), Buffer.from("x".repeat(70000))];
    inputs.push(Buffer.from("hello, world").subarray(3, 9), new Uint8Array(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8).buffer, 2, 5));
    for (let n = 0; n < 50; n++) inputs.push(Uint8Array.from({ length: Math.floor(next() * 3000) }, () => Math.floor(next() * 256)));
    for (const x of inputs) expect(sha256Hex(x)).toBe(createHash("sha256").update(x).digest("hex"));
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
