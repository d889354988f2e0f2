// What an HTTP client sends the MCP server (headers, params) meets only regexes that run in linear
// time: the Origin check normalised every request's Origin with `/\/+$/`, which retries at every
// slash of a long run (a 16 KB Origin of slashes: ~0.23 s of CPU in handleMcp's guard, before any
// other check; 128 KB, the header room a Worker gets, seconds). No timing here: each regex literal in
// src/mcp is proven linear by recheck (the checker of the build's trigger-regex-redos rule), and the
// guard's answers are checked on such input.
import { describe, expect, it } from "vitest";
import { regexLiterals } from "../../helpers/regex-literals.js";
import { checkRegexComplexity } from "../../../src/pipeline/frontmatter/trigger-regex-recheck.js";
import { httpGuard, refusal } from "../../../src/mcp/http-guard.js";


describe("the MCP server's input handling is linear", () => {
  it("every regex literal in src/mcp is linear (recheck, automaton checker)", () => {
    const found = regexLiterals("src/mcp");
    expect(found.length).toBeGreaterThan(2);
    expect(found.filter(([, p, fl]) => checkRegexComplexity(p, fl).status !== "safe")).toEqual([]);
  });

  it("an Origin is compared without its trailing slashes, whatever its length", () => {
    const guard = httpGuard({ allowedOrigins: ["https://app.example.com/"] });
    const ask = (origin: string) => refusal(new Request("http://localhost/mcp", { method: "POST", headers: { origin } }), guard);
    expect(ask("https://app.example.com")).toBeUndefined();
    expect(ask("HTTPS://App.Example.com///")).toBeUndefined();
    expect(ask("https://app.example.com/x")).toMatch(/^Forbidden/);
    expect(ask("/".repeat(100_000) + "x")).toMatch(/^Forbidden: requests from the origin "\/{99}/);
    expect(ask(" " + "/".repeat(50_000))).toMatch(/^Forbidden/);
  });
});
