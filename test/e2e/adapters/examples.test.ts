// examples/<framework>/index.mjs, each run as a real Node process against a bundle of the repo's
// skills (SKILLC_BUNDLE), importing the adapters by their package names (skillc/ai-sdk, …, resolved
// through package.json "exports" to dist/). The scripted models make them run offline.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../../helpers/cli.js";
import { buildExampleBundle, LAYOUTS, type BuiltBundle, type Layout } from "./bundle.js";

const bundles = {} as Record<Layout, BuiltBundle>;
beforeAll(async () => {
  for (const layout of LAYOUTS) bundles[layout] = await buildExampleBundle(layout);
});
afterAll(() => Promise.all(LAYOUTS.map((l) => bundles[l].dispose())));

function runExample(name: string, layout: Layout): string {
  const bundle = bundles[layout];
  const r = spawnSync(process.execPath, [path.join(REPO, "examples", name, "index.mjs")], {
    cwd: REPO,
    encoding: "utf8",
    env: { ...process.env, SKILLC_BUNDLE: path.join(bundle.out, "index.js") },
  });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(0);
  return r.stdout;
}

const BUMP = '{"version":"1.5.0","bump":"minor","previous":"1.4.2"}';

describe.each(LAYOUTS)("examples, %s layout", (layout) => {
  it("ai-sdk", () => {
    expect(runExample("ai-sdk", layout)).toBe(`load_skill → Base directory for this skill: skills/release-notes\nsemver-bump → ${BUMP}\nDrafted the notes for 1.5.0.\n`);
  });
  it("openai-agents", () => {
    expect(runExample("openai-agents", layout)).toBe(`load_skill → Base directory for this skill: skills/release-notes\nsemver_bump → ${BUMP}\nDrafted the notes for 1.5.0.\n`);
  });
  it("cloudflare-agents", () => {
    const out = runExample("cloudflare-agents", layout);
    expect(out).toMatch(/^Available skills\. .*\n\n- author-skill: /);
    expect(out).toContain('activate_skill → <skill_content name="release-notes">\nread_skill_resource → <skill_resource name="release-notes" path="references/style-guide.md"');
    expect(out.endsWith("Following the style guide.\n")).toBe(true);
  });
  it("mastra", () => {
    const out = runExample("mastra", layout);
    expect(out).toMatch(/^skill → "# Release notes/);
    expect(out).toContain('semver-bump → {"version":"1.5.0","bump":"minor","previous":"1.4.2"}');
    expect(out.endsWith("Drafted the notes for 1.5.0.\n")).toBe(true);
  });
});
