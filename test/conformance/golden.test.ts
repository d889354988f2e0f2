// Byte-identical outputs: the corpus (../shared/corpus, three roots) built and linted by the current
// dist/ must hash exactly as test/conformance/golden.json says. A reshaping that changes one byte of
// index.js, index.d.ts, manifest.json, a catalog or the lint report fails here, naming the file.
// A change meant to change the output regenerates the hashes: `node scripts/golden.mjs --write`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GOLDEN_FILE, goldenDiff, goldenHashes, type GoldenRecord } from "../../scripts/golden.mjs";
import "./corpus.js"; // fails with a clear message when ../shared/corpus is absent

describe("the corpus outputs are byte-identical to the golden hashes", () => {
  const golden = JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) as GoldenRecord;
  const actual = goldenHashes();

  it("writes the same files, each with the golden sha256", () => {
    const diff = goldenDiff(golden, actual).filter((l) => l.startsWith("build"));
    expect(diff, `differs from test/conformance/golden.json (regenerate deliberately: node scripts/golden.mjs --write):\n${diff.join("\n")}`).toEqual([]);
    expect(Object.keys(actual.build.files).sort()).toEqual(["catalog.json", "catalog.md", "catalog.xml", "index.d.ts", "index.js", "manifest.json", "package.json"]);
  });

  it("prints the same `lint --format json` in every profile", () => {
    const diff = goldenDiff(golden, actual).filter((l) => l.startsWith("lint"));
    expect(diff, `differs from test/conformance/golden.json:\n${diff.join("\n")}`).toEqual([]);
    expect(Object.keys(actual["lint --format json"]).length).toBe(4);
  });
});
