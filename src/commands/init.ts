import { existsSync, lstatSync } from "node:fs";
import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CliContext } from "./context.js";
import { EXIT_FAIL, EXIT_OK } from "./context.js";
import { findConfig } from "../config/load.js";
import { DEFAULTS, type SkillcConfig } from "../config/types.js";
import { defineCommand } from "./define.js";
import { INIT } from "./specs.js";

/** The defaults, as a user would write them (a fresh, mutable copy). */
export function defaultConfig(): SkillcConfig {
  // DEFAULTS satisfies SkillcConfig (config/types.ts); the copy only drops its readonly.
  return structuredClone(DEFAULTS) as unknown as SkillcConfig;
}

export const SCHEMA_REF = "./node_modules/skillc/schema/config.schema.json";

export function configText(ts: boolean): string {
  const config = defaultConfig();
  if (!ts) return JSON.stringify({ $schema: SCHEMA_REF, ...config }, null, 2) + "\n";
  // JSON is valid TypeScript; unquote the keys that are identifiers so it reads like hand-written code.
  const body = JSON.stringify(config, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, "$1$2:");
  return `import { defineConfig } from "skillc";\n\n// Every value below is the default; delete what you do not change.\nexport default defineConfig(${body});\n`;
}

export function hookInstructions(sourceDirs: string[]): string {
  const globs = sourceDirs.map((d) => `"${d}/**"`);
  const pattern = sourceDirs.map((d) => d.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&")).join("|");
  return `
Run \`skillc lint\` before each commit, in one of two ways. It accepts SKILL.md files, skill folders
and any file inside a skill folder, so hooks can pass it the staged files as they are.

pre-commit (https://pre-commit.com) — in .pre-commit-config.yaml:

  repos:
    - repo: local
      hooks:
        - id: skillc-lint
          name: skillc lint
          entry: npx skillc lint --
          language: system
          files: ^(${pattern})/

husky + lint-staged — run \`npx husky init\`, put \`npx lint-staged\` in .husky/pre-commit, and add
to package.json:

  "lint-staged": {
    ${globs.map((g) => `${g}: "skillc lint --"`).join(",\n    ")}
  }

In CI, \`npx skillc lint --format github\` annotates pull requests, and \`npx skillc build\` fails on
any error. (.skillc/ is in .gitignore: remove that line if you commit the bundle.)
`;
}

export const command = defineCommand(INIT, async (values, _positionals, ctx) => {
  const name = values.ts ? "skillc.config.ts" : "skillc.config.json";
  const file = path.join(ctx.cwd, name);
  const existing = findConfig(ctx.cwd);
  if (existing && path.basename(existing) !== name) {
    ctx.stderr.write(`skillc init: ${path.basename(existing)} already exists and would be used instead of ${name}; nothing was written. Edit it, or delete it first.\n`);
    return EXIT_FAIL;
  }
  // `init` runs in checkouts of others too: a link in their place would make it write wherever
  // the link points (a dangling one creates its target), so a link is never written through.
  if (isLink(file)) {
    ctx.stderr.write(`skillc init: ${name} is a symbolic link; nothing was written. Replace it with a file, or write the config where it points yourself.\n`);
    return EXIT_FAIL;
  }
  if (existsSync(file) && !values.force) {
    ctx.stderr.write(`skillc init: ${name} already exists; nothing was written. Pass --force to overwrite it with the defaults.\n`);
    return EXIT_FAIL;
  }
  await writeFile(file, configText(Boolean(values.ts)));
  ctx.stdout.write(`wrote ${name} (the defaults: skills/ → .skillc/, profile "skillc")\n`);
  // So that the first `skillc lint` finds its source root instead of failing on root-missing.
  const skillsDir = DEFAULTS.sources[0]!.dir;
  // A link by that name (a dangling one made mkdir fail, an internal error) is the checkout's: left alone.
  if (isLink(path.join(ctx.cwd, skillsDir))) {
    ctx.stderr.write(`skillc init: ${skillsDir} is a symbolic link and was left alone; lint and build read it, and commands that write skills refuse it when it leads out of the project.\n`);
  } else if (!existsSync(path.join(ctx.cwd, skillsDir))) {
    await mkdir(path.join(ctx.cwd, skillsDir), { recursive: true });
    ctx.stdout.write(`created ${skillsDir}/ (empty: \`skillc new <name>\` adds a skill)\n`);
  }
  const ignore = lstatSync(path.join(ctx.cwd, ".gitignore"), { throwIfNoEntry: false });
  // A link, a folder or a FIFO (a read would wait for good) is left alone, with what to do instead.
  if (ignore && !ignore.isFile()) {
    const what = ignore.isSymbolicLink() ? "a symbolic link" : ignore.isDirectory() ? "a folder" : "not a regular file";
    ctx.stderr.write(`skillc init: .gitignore is ${what} and was left alone; add ${DEFAULTS.outDir}/ to your ignore file yourself.\n`);
  } else if (await ignoreOutput(ctx.cwd, DEFAULTS.outDir)) {
    ctx.stdout.write(`added ${DEFAULTS.outDir}/ to .gitignore\n`);
  }
  ctx.stdout.write(hookInstructions(DEFAULTS.sources.map((s) => s.dir)));
  return EXIT_OK;
});

function isLink(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
}

/** Adds `<outDir>/` to .gitignore (creating it) unless a line already ignores it; true when it wrote. */
async function ignoreOutput(cwd: string, outDir: string): Promise<boolean> {
  const file = path.join(cwd, ".gitignore");
  const text = existsSync(file) ? await readFile(file, "utf8") : "";
  const forms = new Set([outDir, `${outDir}/`, `/${outDir}`, `/${outDir}/`]);
  if (text.split(/\r?\n/).some((line) => forms.has(line.trim()))) return false;
  const sep = text === "" || text.endsWith("\n") ? "" : "\n";
  await appendFile(file, `${sep}# skillc build output (skillc init)\n${outDir}/\n`);
  return true;
}
