// A small project for publish and import tests: a skill that is only a SKILL.md, one with
// supporting files (text, an executable script, a binary), and a hidden one.
import { skillMd, type Tree } from "./project.js";

export const SITE_TREE: Tree = {
  "skills/alpha/SKILL.md": skillMd("alpha"),
  "skills/beta/SKILL.md": skillMd("beta", "", "# beta\n\nRead [the guide](references/guide.md), run `scripts/run.sh`.\n"),
  "skills/beta/references/guide.md": "# Guide\n\nSteps.\n",
  "skills/beta/scripts/run.sh": { text: "#!/bin/sh\necho ok\n", mode: 0o755 },
  "skills/beta/assets/logo.bin": new Uint8Array([0, 1, 2, 255, 254, 0, 10]),
  "skills/gamma/SKILL.md": skillMd("gamma", "disable-model-invocation: true\n"),
};
