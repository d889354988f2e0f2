// triggers.keywords and triggers.verbs run on every user message: `match` tries each phrase at every
// place of up to 2,000 characters. They had no bound, so one skill of 2,000 keywords of 100 `a` then
// `b…` (223 KB, no diagnostic) made one match() of 2,000 `a` cost ~3 s of CPU, synchronously, for
// whatever skill the host serves beside it. Now at most 64 of each, of at most 64 characters
// (`field-type` errors at the entry), which bounds one skill's phrases at 2 × 64 × 64 characters;
// and at most 16 patterns, each of which may take quadratic time in the text (`a.*b`).
import { describe, expect, it } from "vitest";
import { lint } from "../../../src/project/api.js";
import { tempProject } from "../../helpers/project.js";

const skill = (triggers: string) => `---\nname: notes\ndescription: Takes notes. Use when the user asks to note something.\ntriggers:\n${triggers}\n---\n\nBody.\n`;
const list = (key: string, items: string[]) => `  ${key}:\n${items.map((k) => `    - ${JSON.stringify(k)}`).join("\n")}`;

async function errors(triggers: string) {
  const report = await lint({ cwd: tempProject({ "skills/notes/SKILL.md": skill(triggers) }), cache: false });
  return report.results.flatMap((r) => r.diagnostics).filter((d) => d.severity === "error").map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`);
}

describe("trigger keywords and verbs are bounded", () => {
  it("2,000 long keywords sharing a prefix (the 3 s match) are refused", async () => {
    const e = await errors(list("keywords", Array.from({ length: 2000 }, (_, i) => "a".repeat(100) + "b" + i)));
    expect(e.length).toBeGreaterThan(0);
    expect(e.every((m) => m.startsWith("field-type "))).toBe(true);
  });

  it("a 65th keyword or verb, and a phrase of 65 characters, are errors", async () => {
    const many = Array.from({ length: 65 }, (_, i) => `note ${i}`);
    expect(await errors(list("keywords", many))).toEqual([expect.stringMatching(/^field-type 6:5 `triggers\.keywords` must NOT have more than 64 items/)]);
    expect(await errors(list("verbs", many))).toEqual([expect.stringMatching(/^field-type 6:5 `triggers\.verbs` must NOT have more than 64 items/)]);
    expect(await errors(list("keywords", ["x".repeat(65)]))).toEqual([expect.stringMatching(/^field-type 6:7 .*triggers\.keywords\[0\].*64/)]);
  });

  it("64 of each, of 64 characters, and ordinary triggers pass", async () => {
    const full = Array.from({ length: 64 }, (_, i) => `${i} `.padEnd(64, "x"));
    expect(await errors(`${list("keywords", full)}\n${list("verbs", full)}`)).toEqual([]);
    expect(await errors(`${list("keywords", ["bug report", "stack trace"])}\n${list("verbs", ["triage"])}`)).toEqual([]);
  });

  it("patterns: 300 quadratic ones (a.*b0 … a.*b299, each passing the ReDoS check) made one match() cost ~1.4 s; now at most 16", async () => {
    const e = await errors(list("patterns", Array.from({ length: 300 }, (_, i) => `a.*b${i}`)));
    expect(e).toEqual([expect.stringMatching(/^field-type 6:5 `triggers\.patterns` must NOT have more than 16 items/)]);
    expect(await errors(list("patterns", Array.from({ length: 16 }, (_, i) => `\\bissue ${i}\\b`)))).toEqual([]);
  });
});
