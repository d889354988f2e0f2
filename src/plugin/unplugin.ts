// The bundler plugin, written once with unplugin for Vite, Rollup and esbuild. `skillc:skills`
// resolves to the index.js that SkillcSession just built (a real file: in the split layout its
// `import("./chunks/<hash>.js")` calls are real files too, which the bundler code-splits). A build
// with errors fails the bundler's build with every error's file:line:col and rule id.
import { readFile } from "node:fs/promises";
import { createUnplugin, type UnpluginBuildContext, type UnpluginContext } from "unplugin";
import { SKILLS_ID, SkillcSession, type SkillcPluginOptions } from "./session.js";
import { bundlerError, bundlerLoc, diagnosticLine } from "./report.js";
import { viteHooks } from "./vite-dev.js";

export type { SkillcPluginOptions } from "./session.js";

// What a failed resolve returns under esbuild, whose plugin context collects errors instead of
// throwing; Rollup and Vite never get here (their this.error throws).
const FAILED_ID = "\0skillc:skills-failed";

type Context = UnpluginBuildContext & UnpluginContext;

export const skillcUnplugin = createUnplugin<SkillcPluginOptions | undefined, false>((options) => {
  const session = new SkillcSession(options);
  let entry: string | undefined;
  // Under `vite dev` the dev server's watcher (vite-dev.ts) says when to build again.
  let serving = false;

  async function resolveSkills(this: Context): Promise<string> {
    const compiled = await session.compile();
    for (const file of compiled.watch) this.addWatchFile(file);
    for (const d of compiled.warnings) {
      this.warn({ message: `skillc: ${diagnosticLine(d, session.projectRoot)}`, id: d.file, loc: bundlerLoc(d) } as never);
    }
    if (!compiled.ok) {
      // Rollup and Vite read `loc` and `frame` (the dev overlay opens the file there); esbuild reads `loc`.
      this.error(bundlerError(compiled.errors, session.projectRoot) as never);
      return FAILED_ID;
    }
    entry = compiled.entry;
    return compiled.entry;
  }

  return {
    name: "skillc",
    enforce: "pre",
    buildStart() {
      // Each pass (a production build, a Rollup watch rebuild) compiles the skills afresh.
      if (!serving) session.invalidate();
    },
    watchChange() {
      // Rollup's watch mode (under `vite dev`, for any app file: vite-dev.ts rebuilds there instead).
      if (!serving) {
        session.keepCaches();
        session.invalidate();
      }
    },
    resolveId: {
      filter: { id: /^skillc:skills$/ },
      handler(id) {
        return id === SKILLS_ID ? resolveSkills.call(this as Context) : null;
      },
    },
    // Only esbuild needs this: unplugin puts a resolved id in the plugin's own namespace, which
    // esbuild loads through the plugin; the file's folder stays the base of its relative imports.
    load(id) {
      return id === entry || id === FAILED_ID ? (id === FAILED_ID ? "export {};" : readFile(id, "utf8")) : null;
    },
    vite: viteHooks(session, (value) => (serving = value)),
    esbuild: {
      onResolveFilter: /^skillc:skills$/,
      config(initial) {
        if (initial.absWorkingDir) session.setRoot(initial.absWorkingDir);
      },
    },
  };
});
