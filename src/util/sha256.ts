// The content hash of the outputs and caches: SHA-256 as lowercase hex.
import { createHash } from "node:crypto";

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
