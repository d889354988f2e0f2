// Fills RESULTS.md from .results/*.json (written by each hostile suite's afterAll):
//   npx vitest run test/hostile && node test/hostile/summarize.mjs
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, ".results");
const rows = [];
for (const f of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
  const data = JSON.parse(readFileSync(path.join(dir, f), "utf8"));
  for (const [category, c] of Object.entries(data)) rows.push({ suite: f.replace(/\.json$/, ""), category, ...c });
}
const total = rows.reduce((t, r) => ({ tried: t.tried + r.tried, rejected: t.rejected + r.rejected, crashes: t.crashes + r.crashes, escapes: t.escapes + r.escapes }), { tried: 0, rejected: 0, crashes: 0, escapes: 0 });
const line = (cells) => `| ${cells.join(" | ")} |`;
const table = [
  line(["suite", "category", "inputs tried", "rejected with a diagnostic", "crashes", "escapes"]),
  line(["---", "---", "---:", "---:", "---:", "---:"]),
  ...rows.map((r) => line([r.suite, r.category, r.tried, r.rejected, r.crashes, r.escapes])),
  line(["**total**", "", total.tried, total.rejected, total.crashes, total.escapes]),
].join("\n");
const file = path.join(here, "RESULTS.md");
const old = readFileSync(file, "utf8");
const start = "<!-- results:start -->";
const end = "<!-- results:end -->";
const next = old.slice(0, old.indexOf(start) + start.length) + "\n" + table + "\n" + old.slice(old.indexOf(end));
writeFileSync(file, next);
console.log(table);
