// The real-world corpus (162 skills by others) published and imported back: the index validates
// against the v0.2.0 schema, and `skillc import` from a 127.0.0.1 server serving the folder takes
// every published skill with every file byte for byte as its source holds it.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publish, type PublishRunResult } from "../../src/publish/publish.js";
import { resolveDefaults } from "../../src/config/types.js";
import { runCli } from "../helpers/cli.js";
import { serveFolder, type StaticServer } from "../helpers/static-server.js";
import { readTarGz } from "../../src/archive/tar.js";
import { REPO } from "./corpus.js";

const ROOTS = ["obra-superpowers", "anthropic-skills", "k-dense-scientific-skills"].map((r) => `../shared/corpus/${r}`);
const tmp = mkdtempSync(path.join(tmpdir(), "skillc-publish-corpus-"));
const site = path.join(tmp, "site");
let result: PublishRunResult;
let server: StaticServer;

beforeAll(async () => {
  result = await publish({ cwd: REPO, config: resolveDefaults(REPO, {}), outDir: site, roots: ROOTS, emitOnError: true, includeHidden: true });
  server = await serveFolder(site);
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((rel) => statSync(path.join(dir, rel)).isFile())
    .map((rel) => rel.split(path.sep).join("/"))
    .sort();

describe("publishing ../shared/corpus", () => {
  it("publishes every skill without errors, in an index that validates against the v0.2.0 schema", () => {
    expect(result.written).toBe(true);
    expect(result.entries.length).toBeGreaterThan(150);
    const schema = JSON.parse(readFileSync(path.join(REPO, "test/fixtures/discovery/schema-0.2.0.json"), "utf8")) as object;
    const index = JSON.parse(readFileSync(path.join(site, ".well-known/agent-skills/index.json"), "utf8")) as unknown;
    const ajv = new Ajv({ strict: true, formats: { "uri-reference": (s: string) => URL.canParse(s, "https://example.com/x/") } });
    expect(ajv.validate(schema, index), JSON.stringify(ajv.errors)).toBe(true);
  });

  it("imports back every published skill, each file byte for byte as in its source", async () => {
    const cwd = mkdtempSync(path.join(tmp, "consumer-"));
    const r = await runCli(["import", `${server.origin}/`], { cwd, timeoutMs: 170_000 });
    // Lint warnings are printed as for any import; nothing is refused.
    expect(r.stderr).not.toContain("refused");
    expect(r.code).toBe(0);
    const imported = readdirSync(path.join(cwd, "skills")).sort();
    expect(imported).toEqual(result.entries.map((e) => e.name).sort());
    for (const name of imported) {
      const dir = path.join(cwd, "skills", name);
      const source = result.dirs.get(name)!;
      const entry = result.entries.find((e) => e.name === name)!;
      const published = entry.type === "archive" ? readTarGz(readFileSync(path.join(site, ".well-known/agent-skills", entry.url))).map((e) => e.path).sort() : ["SKILL.md"];
      expect(files(dir), name).toEqual(published);
      for (const rel of files(dir)) {
        const from = path.join(source, rel === "SKILL.md" && !existsSync(path.join(source, rel)) ? "skill.md" : rel);
        expect(readFileSync(path.join(dir, rel)).equals(readFileSync(from)), `${name}/${rel}`).toBe(true);
      }
    }
  }, 180_000);
});
