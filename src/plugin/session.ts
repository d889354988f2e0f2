// One plugin instance's compiler: finds the project's config from the bundler's root, runs skillc's
// build into the config's outDir (so `skillc:skills` resolves to a real index.js whose chunk
// imports, in the split layout, are real files the bundler code-splits), and writes the generated
// declaration of the virtual module. The bundler adapters (unplugin.ts, vite-dev.ts) only map its
// outcome onto their hooks.
import { existsSync, readFileSync } from "node:fs";
import { readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Diagnostic } from "../types.js";
import { loadConfig } from "../config/load.js";
import { ConfigError } from "../config/check.js";
import { build, CacheMemory } from "../project/build.js";
import { envDeclaration } from "./env-dts.js";
import type { ResolvedConfig } from "../config/types.js";
import { readRegularFile } from "../util/read-regular.js";

/** A skillc-env.d.ts larger than this is not one the plugin wrote (it is replaced, not read). */
const MAX_DECLARATION_BYTES = 64 * 1024 * 1024;

/** The module id a program imports `skills` from (the virtual module `skillc:skills`). */
export const SKILLS_ID = "skillc:skills";

export interface SkillcPluginOptions {
  /** The project root (where skillc.config.* is). Default: the bundler's root (Vite's `root`, else the working folder). */
  root?: string;
  /** Where the generated declaration of `skillc:skills` goes, relative to the root; `false` writes none. @default "skillc-env.d.ts" */
  dts?: string | false;
  /** Warnings fail the build too (as `skillc build --strict`). @default false */
  strict?: boolean;
}

/** A build's outcome as the adapters use it. */
export type Compiled =
  | { ok: true; entry: string; warnings: Diagnostic[]; watch: string[] }
  | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[]; watch: string[] };

export class SkillcSession {
  private root: string;
  private pending: Promise<Compiled> | undefined;
  private builtInto: string | undefined;
  /** A session that rebuilds (a dev server, a watch): what its last build read of the caches (cache/memory.ts). */
  private memory: CacheMemory | undefined;
  private memoryConfig: string | undefined;

  constructor(readonly options: SkillcPluginOptions = {}) {
    this.root = path.resolve(options.root ?? process.cwd());
  }

  /** The bundler tells its root once known (Vite's configResolved); an explicit `root` option wins. */
  setRoot(root: string): void {
    if (this.options.root === undefined && path.resolve(root) !== this.root) {
      this.root = path.resolve(root);
      this.pending = undefined;
    }
  }

  get projectRoot(): string {
    return this.root;
  }

  /** Whether `file` is in the outDir the last build wrote (the plugin's own output, not a source). */
  ownsOutput(file: string): boolean {
    if (this.builtInto === undefined) return false;
    // Vite names files with forward slashes on every system.
    const [out, f] = [this.builtInto, path.resolve(file)].map((p) => p.replaceAll("\\", "/"));
    return f === out || f.startsWith(out + "/");
  }

  /** One build per bundler pass: every import of `skillc:skills` in it shares the result. */
  compile(): Promise<Compiled> {
    this.pending ??= this.run();
    return this.pending;
  }

  /**
   * This session will build again (a dev server, a watch): each build reuses what the one before it
   * read and decoded of the cache files while those are unchanged on disk. A one-off build keeps nothing.
   */
  keepCaches(): void {
    this.memory ??= new CacheMemory();
  }

  /** Ends what keepCaches kept (the dev server closes): the memory and the stat thread it holds. */
  async dispose(): Promise<void> {
    const memory = this.memory;
    this.memory = undefined;
    await memory?.close();
  }

  /** A source changed (or a new pass starts): the next compile() builds again. */
  invalidate(): void {
    this.pending = undefined;
  }

  private async run(): Promise<Compiled> {
    let loaded;
    try {
      loaded = await loadConfig(this.root);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const errors = error.diagnostics.map((d) => this.absolute(d));
      return { ok: false, errors, warnings: [], watch: errors.map((d) => d.file) };
    }
    const { config, dependencies } = loaded;
    const result = await this.build(config);
    this.builtInto = path.resolve(this.root, result.outDir);
    const diagnostics = result.diagnostics.filter((d) => !d.suppressions).map((d) => this.absolute(d));
    const errors = diagnostics.filter((d) => d.severity === "error" || (this.options.strict === true && d.severity === "warning"));
    const warnings = diagnostics.filter((d) => !errors.includes(d) && d.severity === "warning");
    // Watched: every source root (new skills appear there), the config and what it imports.
    const watch = [...config.sources.map((s) => path.resolve(config.root, s.dir)).filter((d) => existsSync(d)), ...dependencies];
    const entry = path.join(result.outDir, "index.js");
    if (errors.length > 0 || !existsSync(entry)) return { ok: false, errors, warnings, watch };
    if (this.options.dts !== false) await this.writeDeclaration(path.join(result.outDir, "index.d.ts"));
    return { ok: true, entry, warnings, watch };
  }

  /** The build, under the session's memory when it keeps one (dropped when the config changed). */
  private build(config: ResolvedConfig): ReturnType<typeof build> {
    const memory = this.memory;
    const run = (m?: CacheMemory) => build({ cwd: this.root, config, strict: this.options.strict, ...(m && { memory: m }) });
    if (!memory) return run();
    const seen = configText(config);
    if (seen === undefined || seen !== this.memoryConfig) memory.clear();
    this.memoryConfig = seen;
    return memory.run(run);
  }

  /** Writes skillc-env.d.ts from the build's index.d.ts, only when its text changes. */
  private async writeDeclaration(indexDts: string): Promise<void> {
    if (!existsSync(indexDts)) return;
    const file = path.resolve(this.root, this.options.dts || "skillc-env.d.ts");
    const chunks = path.join(path.dirname(indexDts), "chunks");
    const text = envDeclaration(await readFile(indexDts, "utf8"), (hash) => readFileSync(path.join(chunks, `${hash}.d.ts`), "utf8"));
    // Only a regular file is read and compared, and the new text replaces whatever is there by a
    // rename: a checkout can hold skillc-env.d.ts as a link to any file of the user's (written
    // through, it was overwritten) or to /dev/zero (read without end).
    const read = readRegularFile(file, MAX_DECLARATION_BYTES);
    const before = "bytes" in read ? read.bytes.toString("utf8") : undefined;
    if (before === text) return;
    const temp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temp, text, { flag: "wx" });
    await rename(temp, file).catch(async (error: unknown) => {
      await unlink(temp).catch(() => {});
      throw error;
    });
  }

  private absolute(d: Diagnostic): Diagnostic {
    return { ...d, file: path.resolve(this.root, d.file) };
  }
}

/** The resolved config as text, to tell a changed one (undefined when it cannot be written as JSON). */
function configText(config: unknown): string | undefined {
  try {
    return JSON.stringify(config);
  } catch {
    return undefined;
  }
}
