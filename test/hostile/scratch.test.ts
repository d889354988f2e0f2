import { it } from "vitest";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os"; import path from "node:path";
import { build } from "../../src/build.js";
import { lint } from "../../src/lint.js";
import { resolveDefaults } from "../../src/config-types.js";
it("smoke", async () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "h-"));
  mkdirSync(path.join(d, "skills/a"), { recursive: true });
  writeFileSync(path.join(d, "skills/a/SKILL.md"), "---\nname: a\ndescription: Does a.\n---\nBody\n");
  const config = resolveDefaults(d, {});
  const l = await lint({ cwd: d, config });
  console.log(JSON.stringify(l.results));
  const b = await build({ cwd: d, config });
  console.log(b.written, b.outDir, b.diagnostics);
  const m = await import(path.join(b.outDir, "index.js"));
  console.log(m.skills.list());
});
