// build --watch with the real file watcher on a temp project: every kind of save gives a rebuild whose
// output has the final content — replace-by-rename (editors' safe-save), `sed -i`, appends after it,
// a skill folder deleted and re-created, a branch checkout, a new skill, a new file in references/.
// Assertions wait for the output to change (a generous deadline for a loaded machine), never on timing.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { watchBuild } from "../../src/commands/watch.js";
import { loadConfig } from "../../src/config/load.js";
import type { CliContext } from "../../src/commands/context.js";
import { tempProject } from "../helpers/project.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DEADLINE_MS = 30_000;
const tmp = tempProject({}, "skillc-watch-saves-");

const skill = (name: string, marker: string) =>
  `---\nname: ${name}\ndescription: Do ${name}. Use when asked to ${name}.\n---\n\n# ${name}\n\n${marker}\n`;

/** A watched project: `bundle()` reads the built index.js; `until` waits for it to satisfy a test. */
async function watched(name: string, setup: (cwd: string) => void, run: (p: Project) => Promise<void>): Promise<void> {
  const cwd = path.join(tmp, name);
  mkdirSync(cwd, { recursive: true });
  setup(cwd);
  let err = "";
  const ctx: CliContext = { cwd, env: { NO_COLOR: "1" }, stdout: { write: () => {} }, stderr: { write: (t) => void (err += t) } };
  const abort = new AbortController();
  const done = watchBuild(ctx, async () => ({ cwd, config: (await loadConfig(cwd)).config, cache: false }), {
    quiet: false,
    signal: abort.signal,
    debounceMs: 50,
  });
  const bundle = () => {
    const file = path.join(cwd, ".skillc", "index.js");
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  };
  const until = async (what: string, test: (text: string) => boolean) => {
    const deadline = Date.now() + DEADLINE_MS;
    while (!test(bundle())) {
      if (Date.now() > deadline) throw new Error(`no rebuild with ${what} within ${DEADLINE_MS} ms; watch said:\n${err}`);
      await sleep(40);
    }
  };
  try {
    const started = Date.now();
    while (!/watching .* for changes/.test(err)) {
      if (Date.now() - started > DEADLINE_MS) throw new Error(`watch did not start:\n${err}`);
      await sleep(40);
    }
    await run({ cwd, bundle, until, file: (...p) => path.join(cwd, ...p) });
  } finally {
    abort.abort();
  }
  await expect(done).resolves.toBe(0);
}

interface Project {
  cwd: string;
  bundle: () => string;
  until: (what: string, test: (text: string) => boolean) => Promise<void>;
  file: (...parts: string[]) => string;
}

const has = (marker: string) => (text: string) => text.includes(marker);
const writeSkill = (cwd: string, name: string, marker: string) => {
  mkdirSync(path.join(cwd, "skills", name), { recursive: true });
  writeFileSync(path.join(cwd, "skills", name, "SKILL.md"), skill(name, marker));
};

describe("build --watch sees every kind of save", () => {
  it("five replace-by-rename saves in a row each rebuild with the final content", async () => {
    await watched("rename", (cwd) => writeSkill(cwd, "alpha", "RENAME-0"), async ({ file, until }) => {
      await until("RENAME-0", has("RENAME-0"));
      for (let i = 1; i <= 5; i++) {
        // An editor's safe-save: write a temp file beside the target, rename it over.
        const temp = file("skills", "alpha", `.SKILL.md.${i}.tmp`);
        writeFileSync(temp, skill("alpha", `RENAME-${i}`));
        renameSync(temp, file("skills", "alpha", "SKILL.md"));
        await until(`RENAME-${i}`, (t) => t.includes(`RENAME-${i}`) && !t.includes(`RENAME-${i - 1}`));
      }
    });
  });

  it("sed -i, then appends: each rebuilds", async () => {
    await watched("sed", (cwd) => writeSkill(cwd, "alpha", "SED-BEFORE"), async ({ file, until }) => {
      await until("SED-BEFORE", has("SED-BEFORE"));
      execFileSync("sed", ["-i", "s/SED-BEFORE/SED-AFTER/", file("skills", "alpha", "SKILL.md")]);
      await until("SED-AFTER", (t) => t.includes("SED-AFTER") && !t.includes("SED-BEFORE"));
      for (let i = 1; i <= 3; i++) {
        appendFileSync(file("skills", "alpha", "SKILL.md"), `\nAPPENDED-${i}\n`);
        await until(`APPENDED-${i}`, has(`APPENDED-${i}`));
      }
    });
  });

  it("a skill folder deleted and re-created, then edited", async () => {
    const setup = (cwd: string) => {
      writeSkill(cwd, "alpha", "ALPHA-1");
      writeSkill(cwd, "beta", "BETA-1");
    };
    await watched("recreate", setup, async ({ cwd, file, until }) => {
      await until("both skills", (t) => t.includes("ALPHA-1") && t.includes("BETA-1"));
      rmSync(file("skills", "beta"), { recursive: true });
      await until("beta gone", (t) => t.includes("ALPHA-1") && !t.includes("BETA-1"));
      writeSkill(cwd, "beta", "BETA-2");
      await until("beta back", has("BETA-2"));
      writeFileSync(file("skills", "beta", "SKILL.md"), skill("beta", "BETA-3"));
      await until("beta edited", (t) => t.includes("BETA-3") && !t.includes("BETA-2"));
    });
  });

  it("a branch checkout in a git repository", async () => {
    const git = (cwd: string, ...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main", ...args], { cwd, stdio: "pipe" });
    const setup = (cwd: string) => {
      git(cwd, "init", "-q");
      writeSkill(cwd, "alpha", "ON-MAIN");
      writeFileSync(path.join(cwd, ".gitignore"), ".skillc/\n");
      git(cwd, "add", "-A");
      git(cwd, "commit", "-qm", "main");
      git(cwd, "checkout", "-qb", "other");
      writeSkill(cwd, "alpha", "ON-OTHER");
      writeSkill(cwd, "gamma", "GAMMA-ON-OTHER");
      git(cwd, "add", "-A");
      git(cwd, "commit", "-qm", "other");
      git(cwd, "checkout", "-q", "main");
    };
    await watched("git", setup, async ({ cwd, until }) => {
      await until("main's content", (t) => t.includes("ON-MAIN") && !t.includes("GAMMA"));
      git(cwd, "checkout", "-q", "other");
      await until("other's content", (t) => t.includes("ON-OTHER") && t.includes("GAMMA-ON-OTHER") && !t.includes("ON-MAIN"));
      git(cwd, "checkout", "-q", "main");
      await until("main's content again", (t) => t.includes("ON-MAIN") && !t.includes("GAMMA-ON-OTHER"));
    });
  });

  it("the config saved by rename, twice: each reloads it", async () => {
    const setup = (cwd: string) => {
      writeSkill(cwd, "alpha", "CONFIG-CASE");
      writeFileSync(path.join(cwd, "skillc.config.json"), "{}");
    };
    await watched("config", setup, async ({ file, until }) => {
      await until("the first build", has("CONFIG-CASE"));
      for (const outDir of ["out-1", "out-2"]) {
        writeFileSync(file("skillc.config.json.tmp"), JSON.stringify({ outDir }));
        renameSync(file("skillc.config.json.tmp"), file("skillc.config.json"));
        const deadline = Date.now() + DEADLINE_MS;
        while (!existsSync(file(outDir, "index.js"))) {
          if (Date.now() > deadline) throw new Error(`no build into ${outDir}/`);
          await sleep(40);
        }
      }
    });
  });

  it("a new skill folder, then a new file in a skill's references/", async () => {
    await watched("add", (cwd) => writeSkill(cwd, "alpha", "ALPHA-ONLY"), async ({ cwd, file, until }) => {
      await until("alpha", has("ALPHA-ONLY"));
      writeSkill(cwd, "delta", "DELTA-NEW");
      await until("the new skill", has("DELTA-NEW"));
      mkdirSync(file("skills", "delta", "references"));
      writeFileSync(file("skills", "delta", "references", "guide.md"), "# Guide\n\nREFERENCE-ADDED\n");
      await until("the new reference file", has("REFERENCE-ADDED"));
      expect(readFileSync(file(".skillc", "manifest.json"), "utf8")).toContain("references/guide.md");
    });
  });
});
