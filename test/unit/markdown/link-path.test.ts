// resolveLink (src/markdown/link-path.ts) answers a plain relative path by a shortcut: it must answer
// exactly as the full rules (resolveAny) on any destination.
import { describe, expect, it } from "vitest";
import { resolveAny, resolveLink } from "../../../src/markdown/link-path.js";
import { rng } from "../../helpers/prng.js";

/** Characters each rule of resolveAny turns on (scheme, fragment, query, escapes, `~`, `$`, spaces, dots, slashes), plus text. */
const ALPHABET = ["a", "Z", "0", "_", "-", ".", "/", "%", "%2e", "?", "#", ":", "~", "$", "{", "}", " ", "\t", "é", "${CLAUDE_SKILL_DIR}", "http:", ".."];


describe("resolveLink", () => {
  it("answers as the full rules on every destination of up to 4 pieces of a small alphabet", () => {
    const small = ["a", ".", "/", "-", "%", " ", "~", ":"];
    const all: string[] = [""];
    for (let len = 1; len <= 4; len++) for (const prev of all.filter((s) => s.length === len - 1)) for (const c of small) all.push(prev + c);
    let plain = 0;
    for (const url of all) {
      expect([url, resolveLink(url)]).toEqual([url, resolveAny(url)]);
      if (/^[a-]/.test(url)) plain++;
    }
    expect(plain).toBeGreaterThan(100);
  });

  it("answers as the full rules on 50,000 random destinations", () => {
    const next = rng(42);
    for (let n = 0; n < 50_000; n++) {
      const len = Math.floor(next() * 8);
      let url = "";
      for (let i = 0; i < len; i++) url += next() < 0.5 ? "ab" : ALPHABET[Math.floor(next() * ALPHABET.length)]!;
      const got = resolveLink(url);
      const want = resolveAny(url);
      if (JSON.stringify(got) !== JSON.stringify(want)) expect([url, got]).toEqual([url, want]);
    }
  });

  it("takes the shortcut for plain paths and keeps the full rules for the rest", () => {
    expect(resolveLink("references/api.md")).toEqual({ kind: "inside", path: "references/api.md", dir: false });
    expect(resolveLink("references/")).toEqual({ kind: "inside", path: "references", dir: true });
    expect(resolveLink("./a/../b.md")).toEqual({ kind: "inside", path: "b.md", dir: false });
    expect(resolveLink("../x.md")).toEqual({ kind: "outside", path: "../x.md" });
    expect(resolveLink("a/.hidden")).toEqual({ kind: "inside", path: "a/.hidden", dir: false });
    expect(resolveLink("https://x.dev/a")).toEqual({ kind: "external" });
  });
});
