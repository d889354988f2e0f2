// Uses the bundle that `npx skillc build` writes to .skillc/index.js, with plain Node: no skillc,
// no filesystem access for skills at run time — everything is inside the bundle.
//
//   npx skillc build && node examples/use-bundle.mjs [name] [args…]
import { skills, SkillError } from "../.skillc/index.js";

const [name = "release-notes", ...rest] = process.argv.slice(2);
const args = rest.length > 0 ? rest : ["1.2.0", "v1.1.0"];

console.log(`${skills.list().length} skills visible to the model: ${skills.list().map((s) => s.name).join(", ")}`);
console.log(`skills.load(${JSON.stringify(name)}, ${JSON.stringify(args)}).text:\n`);
try {
  // Arguments as already-split strings; a raw string ("1.2.0 v1.1.0") is split shell-style instead.
  const loaded = skills.load(name, args);
  console.log(loaded.text);
} catch (error) {
  if (!(error instanceof SkillError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  process.exitCode = 1;
}
