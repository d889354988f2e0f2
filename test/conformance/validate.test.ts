// The spec oracle and all profiles over the real corpus (../shared/corpus): `npm run test:conformance`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { SkillSource } from "../../src/types.js";
import { PROFILES } from "../../src/types.js";
import { parseSkill } from "../../src/pipeline/parse.js";
import { validateSkill } from "../../src/pipeline/validate.js";
import { getValidator } from "../../src/pipeline/frontmatter/schema.js";
import { CORPUS, corpusSkills } from "./corpus.js";

function corpusSource(file: string): SkillSource {
  const relFromCorpus = path.relative(CORPUS, path.dirname(file)).split(path.sep).join("/");
  const [rootName, ...rest] = relFromCorpus.split("/");
  const dir = `../shared/corpus/${relFromCorpus}`;
  return {
    root: { dir: `../shared/corpus/${rootName}`, scope: rootName, precedence: 0 },
    dir,
    relDir: rest.join("/"),
    file: `${dir}/SKILL.md`,
    fileName: "SKILL.md",
    absDir: path.dirname(file),
  };
}

/** reference.md §2, written independently of src/: what skills-ref accepts. */
function specOracle(file: string): boolean {
  const raw = readFileSync(file, "utf8").replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const m = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(raw);
  if (!m) return false;
  let fm: Record<string, unknown>;
  try {
    fm = parseYaml(m[1], { uniqueKeys: true });
  } catch {
    return false;
  }
  if (!fm || typeof fm !== "object" || Array.isArray(fm)) return false;
  const allowed = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"];
  if (Object.keys(fm).some((k) => !allowed.includes(k))) return false;
  const len = (s: string) => Array.from(s).length;
  const { name, description, compatibility, metadata, license } = fm as Record<string, unknown>;
  if (typeof name !== "string" || len(name) < 1 || len(name) > 64 || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) return false;
  if (name !== path.basename(path.dirname(file))) return false;
  if (typeof description !== "string" || description.trim() === "" || len(description) > 1024) return false;
  if (compatibility !== undefined && (typeof compatibility !== "string" || len(compatibility) > 500)) return false;
  if (license !== undefined && typeof license !== "string") return false;
  // The spec says string values; skills-ref reads any value as its string (its test_read_with_metadata
  // has `version: 1.0`), and issue 16 makes skills-ref's tests the agentskills profile's: a warning.
  if (metadata !== undefined && (typeof metadata !== "object" || metadata === null || Array.isArray(metadata))) return false;
  const tools = fm["allowed-tools"];
  if (tools !== undefined && typeof tools !== "string" && !(Array.isArray(tools) && tools.every((t) => typeof t === "string"))) return false;
  return true;
}

describe("corpus", () => {
  const files = corpusSkills();
  const bytes = files.map((f) => readFileSync(f));

  it("parses and validates all 162 skills under every profile without throwing; agentskills agrees with the spec oracle", () => {
    const counts: Record<string, { accepted: number; rejected: number; errors: number; warnings: number }> = {};
    const timings: Record<string, number> = {};
    const rejectedSkillc: string[] = [];
    for (const profile of PROFILES) {
      getValidator(profile); // compile outside the timing
      const c = { accepted: 0, rejected: 0, errors: 0, warnings: 0 };
      const t0 = performance.now();
      files.forEach((file, i) => {
        const source = corpusSource(file);
        const parsed = parseSkill(source, bytes[i], { file: source.file, profile, settings: {} });
        const v = validateSkill(parsed, { profile, settings: {} });
        const all = [...parsed.diagnostics, ...v.diagnostics];
        for (const d of all) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeGreaterThanOrEqual(1);
          if (d.severity === "error") c.errors++;
          else c.warnings++;
        }
        if ((profile === "skillc" || profile === "agentskills") && !v.skill) rejectedSkillc.push(...all.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`));
        if (v.skill) c.accepted++;
        else c.rejected++;
        // A skill is dropped exactly when some error-severity diagnostic exists.
        expect(!!v.skill, file).toBe(!all.some((d) => d.severity === "error"));
        if (profile === "agentskills") expect(!!v.skill, `${file}\n${JSON.stringify(all, null, 1)}`).toBe(specOracle(file));
      });
      timings[profile] = performance.now() - t0;
      counts[profile] = c;
    }
    console.log("corpus verdicts per profile:", JSON.stringify(counts), "ms per profile (parse+validate, 162 skills):", JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)]))));
    expect(counts.skillc.accepted + counts.skillc.rejected).toBe(162);
    console.log("rejected under skillc + agentskills:", JSON.stringify(rejectedSkillc));
  });

  it("keeps the 1,068-character block-scalar description of claude-api as an error (over 1024)", () => {
    const file = files.find((f) => f.includes("anthropic-skills/claude-api/"))!;
    const source = corpusSource(file);
    const parsed = parseSkill(source, readFileSync(file), { file: source.file, profile: "skillc", settings: {} });
    const v = validateSkill(parsed, { profile: "skillc", settings: {} });
    const d = v.diagnostics.find((x) => x.ruleId === "description-too-long");
    expect(d).toBeDefined();
    expect(d!.line).toBe(3);
  });
});
