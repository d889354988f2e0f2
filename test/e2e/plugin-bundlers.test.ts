// skillc/esbuild and skillc/rollup build the same small app as skillc/vite does
// (examples/vite-app.test.ts): each through its bundler's own API in a real Node process, as a
// user's build script would; each output runs; a broken skill fails each build at its position.
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempProject } from "../helpers/project.js";
import { linkPackages, runNode, VITE_APP } from "../helpers/vite-app.js";

const skill = (rel: string) => readFileSync(path.join(VITE_APP, "skills", rel), "utf8");

// The app in plain JavaScript (Rollup reads no TypeScript without another plugin).
const TREE = {
  "skills/greet/SKILL.md": skill("greet/SKILL.md"),
  "skills/greet/references/tone.md": skill("greet/references/tone.md"),
  "skills/summarize/SKILL.md": skill("summarize/SKILL.md"),
  "src/server.js": `import { skills } from "skillc:skills";
export default {
  async fetch() {
    const greeting = await skills.load("greet", ["Ada"]);
    return new Response(JSON.stringify({ names: skills.list().map((s) => s.name), greeting: greeting.content }));
  },
};
`,
  "run.mjs": `const { default: server } = await import(process.argv[2]);
console.log(await (await server.fetch(new Request("http://app.test/"))).text());
`,
  // Each prints the error the bundler reports as JSON, so the test reads its fields.
  "build-esbuild.mjs": `import { build } from "esbuild";
import { skillc } from "skillc/esbuild";
try {
  await build({ entryPoints: ["src/server.js"], bundle: true, format: "esm", platform: "neutral", outfile: "out-esbuild/server.js", logLevel: "silent", plugins: [skillc()] });
  console.log(JSON.stringify({ ok: true }));
} catch (e) {
  console.log(JSON.stringify({ ok: false, errors: e.errors }));
}
`,
  "build-rollup.mjs": `import { rollup } from "rollup";
import { skillc } from "skillc/rollup";
const warnings = [];
try {
  const strict = process.argv[2] === "strict";
  const bundle = await rollup({ input: "src/server.js", plugins: [skillc({ strict })], onwarn: (w) => warnings.push({ message: w.message, loc: w.loc }) });
  await bundle.write({ dir: "out-rollup", format: "es" });
  console.log(JSON.stringify(warnings.length > 0 ? { ok: true, warnings } : { ok: true }));
} catch (e) {
  console.log(JSON.stringify({ ok: false, message: e.message, loc: e.loc, plugin: e.plugin }));
}
`,
};

let dir: string;
const SUMMARIZE = "skills/summarize/SKILL.md";

beforeAll(() => {
  dir = tempProject(TREE, "skillc-bundlers-");
  linkPackages(dir);
});

async function buildWith(bundler: "esbuild" | "rollup", ...args: string[]): Promise<Record<string, any>> {
  const ran = await runNode([`build-${bundler}.mjs`, ...args], dir);
  expect(ran.code, ran.out).toBe(0);
  return JSON.parse(ran.out.trim().split("\n").pop()!);
}

describe.each(["esbuild", "rollup"] as const)("skillc/%s", (bundler) => {
  it("builds the app; the output answers from the compiled skills", async () => {
    expect(await buildWith(bundler)).toEqual({ ok: true });
    const ran = await runNode(["run.mjs", `./out-${bundler}/server.js`], dir);
    expect(ran.code, ran.out).toBe(0);
    const body = JSON.parse(ran.out);
    expect(body.names).toEqual(["greet", "summarize"]);
    expect(body.greeting).toContain("greeting for Ada.");
  });

  it("fails the build on a broken skill with its file, line, column and rule id", async () => {
    const good = await readFile(path.join(dir, SUMMARIZE), "utf8");
    await writeFile(path.join(dir, SUMMARIZE), good.replace(/^description: .*$/m, "description: Summaries: three bullet points"));
    try {
      const failed = await buildWith(bundler);
      expect(failed.ok).toBe(false);
      const file = path.join(dir, SUMMARIZE);
      if (bundler === "esbuild") {
        expect(failed.errors).toHaveLength(1);
        expect(failed.errors[0].text).toContain(`${SUMMARIZE}:3:14  error  yaml-syntax`);
        // esbuild's location: the file relative to its working folder, the column 0-based.
        expect(failed.errors[0].location).toMatchObject({ file: SUMMARIZE, line: 3, column: 13 });
      } else {
        expect(failed.message).toContain(`${SUMMARIZE}:3:14  error  yaml-syntax`);
        // Rollup's loc: the column 0-based.
        expect(failed.loc).toEqual({ file, line: 3, column: 13 });
        expect(failed.plugin).toBe("skillc");
      }
    } finally {
      await writeFile(path.join(dir, SUMMARIZE), good);
    }
    expect(await buildWith(bundler)).toEqual({ ok: true });
  });
});

describe("warnings", () => {
  it("a skill's warning is a bundler warning at its position; strict: true makes it fail the build", async () => {
    const good = await readFile(path.join(dir, SUMMARIZE), "utf8");
    await writeFile(path.join(dir, SUMMARIZE), good.replace(/^description: /m, "colour: red\ndescription: "));
    try {
      const warned = await buildWith("rollup");
      expect(warned.ok).toBe(true);
      expect(warned.warnings).toEqual([expect.objectContaining({ loc: { file: path.join(dir, SUMMARIZE), line: 3, column: 0 } })]);
      expect(warned.warnings[0].message).toContain(`${SUMMARIZE}:3:1  warning  unknown-field`);
      const strict = await buildWith("rollup", "strict");
      expect(strict.ok).toBe(false);
      expect(strict.message).toContain(`${SUMMARIZE}:3:1  warning  unknown-field`);
    } finally {
      await writeFile(path.join(dir, SUMMARIZE), good);
    }
  });
});
