// The content hash of the outputs and caches: SHA-256 as lowercase hex.
import { createHash, hash } from "node:crypto";

/**
 * One-shot crypto.hash (Node ≥ 20.12; engines says ≥ 20.15) where present: no Hash object per call,
 * ~15% cheaper on a SKILL.md's ~10 KB, and every SKILL.md of a cold lint is hashed. Same digest.
 */
const oneShot: ((algorithm: string, data: string | Uint8Array, encoding: "hex") => string) | undefined = typeof hash === "function" ? hash : undefined;

export function sha256Hex(data: string | Uint8Array): string {
  if (oneShot) return oneShot("sha256", data, "hex");
  return createHash("sha256").update(data).digest("hex");
}
