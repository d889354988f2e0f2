// decodeSkill (src/pipeline/frontmatter/locate.ts) looks for CRs in the bytes, not in the decoded text:
// it must accept, reject and decode exactly as the fatal TextDecoder and a scan of its text did, BOM and
// line endings included.
import { describe, expect, it } from "vitest";
import { decodeSkill } from "../../../src/pipeline/frontmatter/locate.js";
import { rng } from "../../helpers/prng.js";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** What decodeSkill returned when it decoded with the fatal TextDecoder. */
function reference(bytes: Uint8Array): { ok: boolean; text?: string } {
  if (bytes.includes(0)) return { ok: false };
  let raw: string;
  try {
    raw = fatal.decode(bytes);
  } catch {
    return { ok: false };
  }
  if (raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
  return { ok: true, text: raw.replace(/\r\n?/g, "\n") };
}

/** Bytes at the edges of UTF-8's rules (lead bytes, continuation limits, surrogates, overlongs), plus CR, LF and text. */
const EDGES = [0x0a, 0x0d, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbb, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf3, 0xf4, 0xf5, 0xff];


describe("decodeSkill", () => {
  it("accepts, rejects and decodes as the fatal TextDecoder on 100,000 random byte strings", () => {
    const next = rng(7);
    let valid = 0;
    for (let n = 0; n < 100_000; n++) {
      const len = Math.floor(next() * 10);
      const bytes = Buffer.from(Array.from({ length: len }, () => EDGES[Math.floor(next() * EDGES.length)]!));
      const want = reference(bytes);
      const got = decodeSkill(bytes);
      const same = got.ok === want.ok && (!got.ok || got.text === want.text);
      if (!same) expect({ bytes: [...bytes], got }).toEqual({ bytes: [...bytes], want });
      if (want.ok) valid++;
    }
    expect(valid).toBeGreaterThan(5_000);
    expect(valid).toBeLessThan(95_000);
  });

  it("keeps text beyond Latin-1 and drops a leading BOM, from a plain Uint8Array too", () => {
    const text = "---\r\nname: x\r\n---\n— 中文 \u{1f600}\r";
    const bytes = new Uint8Array(Buffer.from("\ufeff" + text, "utf8"));
    const got = decodeSkill(bytes);
    expect(got).toMatchObject({ ok: true, text: "---\nname: x\n---\n— 中文 \u{1f600}\n", map: { bom: true, crlf: [3, 11] } });
  });

  it("says where the first invalid byte is", () => {
    expect(decodeSkill(Buffer.from([0x61, 0x0a, 0x62, 0xc3, 0x28]))).toEqual({ ok: false, kind: "invalid-utf8", line: 2, column: 2 });
  });
});
