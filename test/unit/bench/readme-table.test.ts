// bench/readme-table.mjs: the README's performance block is made from bench/results/<size>.json, issue
// 15's targets side by side at 10,000 and 1,000 skills; rerunning it changes nothing; --check notices
// a stale block.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script without declarations
import { renderBlock, replaceBlock } from "../../../bench/readme-table.mjs";
import { REPO } from "../../helpers/cli.js";
import { tempProject } from "../../helpers/project.js";

const SCRIPT = path.join(REPO, "bench", "readme-table.mjs");

function result(size: number, coldLintRatio: number) {
  return {
    size,
    options: { reps: 1, quick: false, peers: true, peerReps: 1 },
    node: "v20.0.0",
    cores: 2,
    loadavg: [1.5, 1, 1],
    date: "2026-11-23T00:00:00.000Z",
    corpus: { files: size * 3, totalBytes: size * 30_000 },
    targets: [
      { id: "cold-build-single", name: "cold build vs floor, single file", value: "9 s", base: "3 s", ratio: 3, goal: "≤ 3×", met: true, cpuRatio: 2.5 },
      { id: "lint-vs-skills-ref", name: "cold lint vs skills-ref", value: "2 s", base: "1 s", ratio: coldLintRatio, goal: "< 1×", met: coldLintRatio < 1, cpuRatio: 1.9 },
      { name: "warm lint vs floor", value: "1 s", base: "1 s", ratio: 1, goal: "≤ 2×", met: true },
      { name: "(info) something", value: "1", base: "1", ratio: 1, goal: "", met: true },
    ],
  };
}

describe("bench/readme-table.mjs", () => {
  it("puts each issue target on one row with a column group per size, the rest below", () => {
    const block: string = renderBlock({ 10000: result(10000, 2.2), 1000: result(1000, 0.8) });
    const lines = block.split("\n");
    expect(lines[0]).toBe("<!-- bench:start -->");
    expect(lines.at(-1)).toBe("<!-- bench:end -->");
    expect(block).toContain("| cold lint vs skills-ref | < 1× | 2 s | 1 s | 2.20× | 1.90× | no | 2 s | 1 s | 0.80× | 1.90× | yes |");
    expect(block).toContain("| warm lint vs floor | 1 s | 1 s | 1.00× | ≤ 2× | yes |");
    expect(block).not.toContain("(info)");
    expect(block).toContain("`npm run bench -- --size 10000 --reps 1`");
    // A size with no results file leaves its columns empty rather than failing.
    expect(renderBlock({ 1000: result(1000, 0.8) })).toContain("| cold lint vs skills-ref | < 1× | 2 s | 1 s | 0.80× | 1.90× | yes |");
    expect(() => renderBlock({})).toThrow(/no bench results/);
  });

  it("shows the watch rebuild of both layouts among the issue's targets", () => {
    const withWatch = (size: number) => {
      const r = result(size, 0.8);
      r.targets.push(
        { id: "watch-split", name: "warm rebuild under `build --watch`, one skill changed, split layout, vs its cold build", value: "0.3 s", base: "8 s", ratio: 0.0375, goal: "≤ 5%", met: true, cpuRatio: 0.05 },
        { id: "watch-single", name: "warm rebuild under `build --watch`, one skill changed, single file, vs its cold build", value: "0.9 s", base: "5 s", ratio: 0.18, goal: "≤ 15%", met: false, cpuRatio: 0.2 },
      );
      return r;
    };
    const block: string = renderBlock({ 10000: withWatch(10000), 1000: withWatch(1000) });
    const table = block.slice(0, block.indexOf("Other targets"));
    expect(table).toContain("| warm rebuild under `build --watch`, one skill changed, split layout, vs its cold build | ≤ 5% | 0.3 s | 8 s | 0.04× | 0.05× | yes | 0.3 s | 8 s | 0.04× | 0.05× | yes |");
    expect(table).toContain("| warm rebuild under `build --watch`, one skill changed, single file, vs its cold build | ≤ 15% | 0.9 s | 5 s | 0.18× | 0.20× | no |");
    expect(block).toContain("**Warm rebuild under `build --watch`**");
  });

  it("shows the warm goals beside a rebuild's floors in a table of their own, not among the targets", () => {
    const withFloors = (size: number, ratio: number) => {
      const r = result(size, 0.8);
      r.targets.push({ id: "floor:warm-split", name: "(floor) the split goal vs a rebuild's floor", value: "0.4 s", base: "0.3 s", ratio, goal: "(info)", met: undefined as unknown as boolean });
      return r;
    };
    const block: string = renderBlock({ 10000: withFloors(10000, 1.3), 1000: withFloors(1000, 0.9) });
    expect(block).toContain("| the split goal vs a rebuild's floor | 0.4 s | 0.3 s | 1.30× | 0.4 s | 0.3 s | 0.90× |");
    expect(block.split("\n").filter((l) => l.includes("split goal"))).toHaveLength(1);
    expect(block).not.toContain("(floor)");
    // Floors measured at one size only: that size's cells, the other's empty.
    expect(renderBlock({ 10000: result(10000, 0.8), 1000: withFloors(1000, 0.9) })).toContain("| the split goal vs a rebuild's floor | — | — | — | 0.4 s | 0.3 s | 0.90× |");
    // Without floor rows (results from before they were measured) there is no floor table.
    expect(renderBlock({ 1000: result(1000, 0.8) })).not.toContain("goal vs floor");
  });

  it("rewrites only the marked block, is idempotent, and --check fails on a stale block", () => {
    const dir = tempProject({ "README.md": "# x\n\n<!-- bench:start -->\nold\n<!-- bench:end -->\n\nafter\n" });
    mkdirSync(path.join(dir, "results"));
    writeFileSync(path.join(dir, "results", "1000.json"), JSON.stringify(result(1000, 0.8)));
    const args = ["--results", path.join(dir, "results"), "--readme", path.join(dir, "README.md")];
    expect(spawnSync(process.execPath, [SCRIPT, ...args, "--check"]).status).toBe(1);
    execFileSync(process.execPath, [SCRIPT, ...args]);
    const once = readFileSync(path.join(dir, "README.md"), "utf8");
    expect(once.startsWith("# x\n\n<!-- bench:start -->\n")).toBe(true);
    expect(once.endsWith("<!-- bench:end -->\n\nafter\n")).toBe(true);
    expect(once).not.toContain("\nold\n");
    execFileSync(process.execPath, [SCRIPT, ...args]);
    expect(readFileSync(path.join(dir, "README.md"), "utf8")).toBe(once);
    expect(spawnSync(process.execPath, [SCRIPT, ...args, "--check"]).status).toBe(0);
    expect(() => replaceBlock("no markers", "x")).toThrow(/no <!-- bench:start -->/);
  });
});
