// The scanner (src/markdown/scan.ts) against remark-parse on every body of the real corpus
// (../shared/corpus): same code regions, same link destinations; and the throughput of both.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanMarkdown } from "../../src/markdown/scan.js";
import { scanWithRemark } from "../helpers/remark-scan.js";
import { diff } from "../helpers/markdown-diff.js";

const CORPUS = join(import.meta.dirname, "../../../shared/corpus");

function findSkills(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findSkills(p, out);
    else if (name === "SKILL.md") out.push(p);
  }
  return out;
}

/** The body as the scanner sees it: everything after the closing `---` line (LF, no BOM). */
function bodyOf(raw: string): string {
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const m = /^---[ \t]*\n[\s\S]*?\n---[ \t]*(?:\n|$)/.exec(text);
  return m ? text.slice(m[0].length) : text;
}

describe("scanner vs remark-parse on the corpus", () => {
  it("agrees on every corpus body", () => {
    const files = findSkills(CORPUS);
    expect(files.length).toBeGreaterThan(100);
    const bodies = files.map((f) => bodyOf(readFileSync(f, "utf8")));
    const failures: string[] = [];
    for (let i = 0; i < files.length; i++) {
      const d = diff(bodies[i]);
      if (d.length) failures.push(`${files[i]}\n  ${d.join("\n  ")}`);
    }
    expect(failures).toEqual([]);

    // Throughput, in process, same bodies (remark is warmed by the loop above).
    const bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
    const time = (fn: (s: string) => unknown) => {
      const t0 = performance.now();
      for (const b of bodies) fn(b);
      return performance.now() - t0;
    };
    time(scanMarkdown);
    const tScan = Math.min(time(scanMarkdown), time(scanMarkdown), time(scanMarkdown));
    const tRemark = time(scanWithRemark);
    const mb = bytes / 1e6;
    console.log(
      `corpus: ${files.length} bodies, ${mb.toFixed(2)} MB; scanner ${tScan.toFixed(1)} ms (${(mb / (tScan / 1000)).toFixed(1)} MB/s); ` +
        `remark ${tRemark.toFixed(0)} ms (${(mb / (tRemark / 1000)).toFixed(2)} MB/s); ratio ${(tRemark / tScan).toFixed(0)}x`,
    );
  });
});
