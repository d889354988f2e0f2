import { it } from "vitest";
import path from "node:path";
import { runBoth, tmp, writeTree, importBundle } from "./helpers.js";
it("x", async () => {
  const dir = tmp();
  const fm = (y: string, b = "Body.\n") => `---\n${y}\n---\n${b}`;
  writeTree(dir, { "skills/constructor/SKILL.md": fm("description: Named constructor."), "skills/a/SKILL.md": fm("description: A.", "x") });
  const run = await runBoth(dir);
  const m = await importBundle(path.join(run.build.outDir, "index.js"));
  console.log(JSON.stringify(m.skills.call("load_skill", { name: "__proto__" })));
  console.log(JSON.stringify(m.skills.call("load_skill", { name: "toString" })));
  console.log(JSON.stringify(m.skills.call("load_skill", '{"__proto__": {"name": "a"}}')));
  try { console.log(m.skills.load("__proto__")); } catch (e) { console.log("threw", e.code, e.message); }
}, 300000);
