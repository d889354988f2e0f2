import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";

describe("types", () => {
  it("tools() is assignable to the OpenAI and Anthropic SDK tool types (and misuse fails)", () => {
    const args = ["node_modules/typescript/bin/tsc", "--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--types", "node", "test/unit/runtime/types/tools.check.ts"];
    let out = "";
    try {
      execFileSync(process.execPath, args, { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout) + String((e as { stderr?: string }).stderr);
    }
    // An unused @ts-expect-error would be reported as an error too, so a clean run proves both.
    expect(out).toBe("");
  });
});
