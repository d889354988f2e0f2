// Each system of reference.md §5, its example frontmatter as that section shows it, lints and builds
// clean (no error) under the profile that fits it: `context: inline` (the Claude-Code-like system's
// documented default) and `default_enabled: false` (the Bun system) included.
import { describe, expect, it } from "vitest";
import { build, lint } from "../../../src/project/api.js";
import type { Profile } from "../../../src/types.js";
import { tempProject } from "../../helpers/project.js";

const SYSTEMS: Array<{ system: string; profile: Profile; frontmatter: string }> = [
  { system: "§5.1 a Python agent's Skill tool", profile: "agentskills", frontmatter: "name: pdf-tools\ndescription: Extracts text from PDFs. Use when a PDF is mentioned." },
  { system: "§5.2 a .NET desktop agent", profile: "agentskills", frontmatter: "name: pdf-tools\ndescription: Extracts text from PDFs.\nlicense: MIT" },
  {
    system: "§5.3 a TypeScript agent modelled on Claude Code",
    profile: "claude-code",
    frontmatter:
      "name: pdf-tools\ndescription: Extracts text from PDFs.\nwhen_to_use: When a PDF is mentioned.\nargument-hint: \"[file]\"\narguments: [file]\ndisable-model-invocation: false\nuser-invocable: true\nallowed-tools: [Read, Bash]\nmodel: sonnet\neffort: low\ncontext: inline\nagent: general-purpose\npaths: [\"**/*.pdf\"]\nshell: bash\nversion: \"1.0.0\"",
  },
  { system: "§5.4 a coding agent's spec", profile: "skillc", frontmatter: "name: pdf-tools\ndescription: Extracts text from PDFs.\nmetadata:\n  short-description: PDF text" },
  {
    system: "§5.5 a Bun agent's skills architecture",
    profile: "skillc",
    frontmatter: "name: pdf-tools\ndescription: Extracts text from PDFs. Use when a PDF is mentioned.\nversion: \"1.2.0\"\ntriggers:\n  keywords: [pdf]\n  verbs: [extract]\n  patterns: [\"\\\\.pdf$\"]\ndefault_enabled: false\nbrief_description: PDF text.\nscripts: [scripts/extract.py]",
  },
];

describe("the five systems' example frontmatter (reference.md §5) under the profile that fits each", () => {
  for (const s of SYSTEMS) {
    it(`${s.system} (--profile ${s.profile})`, async () => {
      const cwd = tempProject({ "skills/pdf-tools/SKILL.md": `---\n${s.frontmatter}\n---\n\n# PDF tools\n\nExtract the text of $ARGUMENTS.\n`, "skills/pdf-tools/scripts/extract.py": "print('x')\n" });
      const linted = await lint({ cwd, cache: false, profile: s.profile });
      expect(linted.results.flatMap((r) => r.diagnostics).filter((d) => d.severity === "error")).toEqual([]);
      const built = await build({ cwd, write: false, cache: false, profile: s.profile });
      expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(built.skills.map((k) => k.name)).toEqual(["pdf-tools"]);
    });
  }
});
