// Conformance on the real corpus (../shared/corpus beside the clone): every skill discovered and
// every file collected, byte-exact. Moved out of test/unit/files/files.test.ts so `npm test` needs nothing
// beside the clone.
import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import path from "node:path";
import { collectFiles, type FileOptions } from "../../src/pipeline/files.js";
import { discover } from "../../src/pipeline/discover.js";

const opts = (o: Partial<FileOptions> = {}): FileOptions => ({ include: ["**/*"], exclude: [], maxBytes: 1_000_000, settings: {}, profile: "skillc", ...o });
const sha = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");

describe("the corpus", () => {
  it("discovers 162 skills and collects all their files", async () => {
    const cwd = path.resolve(import.meta.dirname, "../..");
    const corpus = path.resolve(cwd, "../shared/corpus");
    const t0 = performance.now();
    const { sources, diagnostics } = await discover([{ dir: path.relative(cwd, corpus), scope: "corpus", precedence: 0 }], {
      cwd,
      maxDepth: 6,
      maxFolders: 2000,
      settings: {},
      profile: "skillc",
    });
    const t1 = performance.now();
    expect(sources).toHaveLength(162);
    expect(diagnostics).toEqual([]);
    let count = 0;
    let bytes = 0;
    const fileDiagnostics = [];
    for (const source of sources) {
      const r = await collectFiles(source, opts());
      count += r.files.length;
      fileDiagnostics.push(...r.diagnostics);
      for (const f of r.files) {
        bytes += f.bytes;
        const encoded = typeof f.content === "string" ? Buffer.from(f.content, "utf8") : f.content;
        expect(sha(encoded)).toBe(f.sha256);
      }
    }
    const t2 = performance.now();
    // The one finding in the corpus's files: two invisible left-to-right marks (U+200E) in a markdown
    // style guide, which the model reads through read_skill_file (hidden-character, a warning).
    expect(fileDiagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.severity}`)).toEqual([
      "../shared/corpus/k-dense-scientific-skills/markdown-mermaid-writing/references/markdown_style_guide.md:529:1 hidden-character warning",
      "../shared/corpus/k-dense-scientific-skills/markdown-mermaid-writing/references/markdown_style_guide.md:543:1 hidden-character warning",
    ]);
    console.log(`corpus: discover ${sources.length} skills in ${(t1 - t0).toFixed(1)} ms; collectFiles ${count} files, ${bytes} bytes (+ sha check) in ${(t2 - t1).toFixed(1)} ms`);
  });
});
