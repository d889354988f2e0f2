import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { updateJson } from "../../../src/util/hash-json.js";

const digest = (v: unknown, depth?: number) => updateJson(createHash("sha1"), v, depth).digest("hex");
const whole = (v: unknown) => createHash("sha1").update(JSON.stringify(v)).digest("hex");

describe("updateJson", () => {
  it("hashes the bytes JSON.stringify gives, at every depth", () => {
    const values: unknown[] = [
      [],
      [[]],
      [{ format: "xml", budget: 8000 }, [["a", "Does \u00e9 things \u{1F600}", false, undefined, "skills/a/SKILL.md", 1], ["b", null, true, [["x.md", false]], () => 1]]],
      [undefined, null, 0, -0, 1.5, "q\"uote\n", [undefined, [undefined]]],
      "a string",
      { a: [1, 2] },
    ];
    for (const v of values) for (const depth of [0, 1, 2, 5]) expect(digest(v, depth), JSON.stringify(v)).toBe(whole(v));
  });

  it("hashes the same bytes when the text passes the batch size (many updates)", () => {
    const big = [["opts"], Array.from({ length: 5000 }, (_, i) => [`skill-${i}`, "d\u00e9scription \u{1F600} ".repeat(i % 7), i % 2 === 0, [[`f${i}.md`, false]]])];
    expect(JSON.stringify(big).length).toBeGreaterThan(3 * 64 * 1024);
    for (const depth of [1, 2, 3]) expect(digest(big, depth)).toBe(whole(big));
  });

  it("tells apart values whose parts alone would hash alike", () => {
    expect(digest([["a", "b"]])).not.toBe(digest([["a"], ["b"]]));
    expect(digest([["a,b"]])).not.toBe(digest([["a", "b"]]));
  });
});
