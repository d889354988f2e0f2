// Every formatter escapes what a terminal would obey or hide: ESC, CR, LF, bidi controls, zero-width
// and tag characters in file names and messages (src/util/hidden-chars.ts, one helper for all).
import { describe, expect, it } from "vitest";
import { formatResults, FORMAT_NAMES } from "../../../src/diagnostics/format.js";
import { RULES } from "../../../src/diagnostics/registry.js";
import type { Diagnostic } from "../../../src/types.js";

const NASTY = "x\u001b[2J\r\n\u202e\u2066\u200b\u2028\u{e0041}y";
const file = `skills/a/${NASTY}.md`;
const d: Diagnostic = { file, line: 1, column: 1, ruleId: "hidden-character-in-path", severity: "error", message: `bad ${NASTY} name` };
const RAW = /[\u001b\r\u202e\u2066\u200b\u2028]|\udb40/;

describe("formatters escape hidden characters", () => {
  it.each(FORMAT_NAMES)("%s", (format) => {
    const out = formatResults(format, [{ file, diagnostics: [d] }], { color: false, version: "0.0.0", rules: RULES });
    expect(out).not.toMatch(RAW);
    if (format === "stylish") {
      expect(out).toContain("x\\x1b[2J\\r\\n\\u202e\\u2066\\u200b\\u2028\\u{e0041}y.md");
      expect(out.split("\n").filter((l) => l.includes("bad"))).toHaveLength(1);
    }
    if (format === "github") expect(out.trimEnd().split("\n")).toHaveLength(1);
    if (format === "json" || format === "sarif") expect(JSON.stringify(JSON.parse(out))).toContain("\u202e"); // same data
  });
});

describe("sarif: no embedded link from skill text", () => {
  // SARIF §3.11.6 reads `[text](target)` in a plain-text message as a link; a message quoting a
  // skill's link must not become a clickable link in a code-scanning alert.
  it("escapes every bracket, so the quoted link stays text", () => {
    const quoted: Diagnostic = { ...d, file: "skills/a/SKILL.md", message: "missing [click me](https://evil.example/x) and \\[ and ]" };
    const out = formatResults("sarif", [{ file: quoted.file, diagnostics: [quoted] }], { color: false, version: "0.0.0", rules: RULES });
    const text: string = JSON.parse(out).runs[0].results[0].message.text;
    expect(text).toBe("missing \\[click me\\](https://evil.example/x) and \\\\[ and \\]");
    expect(text).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(/);
  });
});
