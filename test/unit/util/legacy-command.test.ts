// GitHub's runner runs a log line's `##[command]data` wherever it stands in the line (actions/runner
// ActionCommand.TryParse), so no text skillc prints may hold `##[`: at a terminal it reads `##\[`,
// in JSON `##\u005b`, which parses to the same string.
import { describe, expect, it } from "vitest";
import { escapeJsonHidden, escapeTerminal } from "../../../src/util/hidden-chars.js";

describe("the legacy workflow-command form never reaches output", () => {
  it("escapeTerminal breaks every ##[ and leaves other text alone", () => {
    expect(escapeTerminal("x ##[add-mask]secret and ##[stop-commands]t")).toBe("x ##\\[add-mask]secret and ##\\[stop-commands]t");
    expect(escapeTerminal("# [a] ## [b] #[c]")).toBe("# [a] ## [b] #[c]");
    expect(escapeTerminal("###[x]")).toBe("###\\[x]");
  });

  it("escapeJsonHidden writes the [ of ##[ as \\u005b: the same data, no ##[ in the text", () => {
    const value = { message: "unknown field `##[error]forged`", list: ["##[", "a\\##[b"] };
    const json = escapeJsonHidden(JSON.stringify(value, null, 2));
    expect(json).not.toContain("##[");
    expect(JSON.parse(json)).toEqual(value);
  });
});
