// `vite dev`: a change under a skill root or to the config rebuilds the skills; a good build
// invalidates the bundle's modules in every environment and reloads the page (a skill is data the
// whole app may have read, so a full reload is the honest update); a build with errors shows them
// in Vite's error overlay and keeps the last good bundle.
import path from "node:path";
import type { SkillcSession } from "./session.js";
import { bundlerError } from "./report.js";

/** The part of Vite's ViteDevServer this uses (typed here so the plugin needs no vite import at run time). */
export interface DevServerLike {
  watcher: { add(paths: string | readonly string[]): unknown; on(event: "all", cb: (event: string, file: string) => void): unknown };
  ws: { send(payload: unknown): void };
  environments: Record<string, { hot: { send(payload: unknown): void }; moduleGraph: { idToModuleMap: Map<string, { file?: string | null }>; invalidateModule(mod: never): void } }>;
}

/** The plugin's Vite-only hooks; `setServing` tells the plugin whether this is `vite dev`. */
export function viteHooks(session: SkillcSession, setServing: (serving: boolean) => void) {
  let serving = false;
  return {
    configResolved(config: { root: string; command: string }) {
      session.setRoot(config.root);
      serving = config.command === "serve";
      setServing(serving);
    },
    configureServer(server: unknown) {
      // The dev server rebuilds on every change: each build reuses what the last one read of the caches.
      session.keepCaches();
      watchInDevServer(server as DevServerLike, session);
    },
    // Vite calls closeBundle when the dev server closes (a config edit restarts it with a new plugin):
    // what the session kept ends with it, not one idle stat thread left behind per restart.
    async closeBundle(): Promise<void> {
      if (serving) await session.dispose();
    },
    // Vite's own watcher sees the outDir's files change in the middle of a rebuild (index.js is
    // renamed into place before the build has finished) and would reload the page then, and
    // rebuild() below reloads it again when the build is done: two reloads per edit, and an error
    // overlay shown between them is lost. The rebuild's one reload, once it is complete, is the
    // update; Vite leaves skillc's own output alone.
    hotUpdate(options: { file: string }): [] | undefined {
      return serving && session.ownsOutput(options.file) ? [] : undefined;
    },
  };
}

/**
 * Quiet time after the last change before a rebuild starts. chokidar (Vite's watcher) reports at most
 * one change of a file per 50 ms and drops the rest: a rebuild started at once could read a save
 * whose follow-up (a formatter's second write, a quick fix) is never reported, and keep it.
 */
export const QUIET_MS = 100;

export function watchInDevServer(server: DevServerLike, session: SkillcSession, quietMs = QUIET_MS): void {
  let watched = new Set<string>();
  // One rebuild runs at a time; changes during it ask for at most one more (a rebuild reads every
  // file afresh, so a burst of saves needs one build after the last, not one build per event).
  let running = false;
  let pending = false;
  let lastChange = 0;
  const arm = (paths: readonly string[]) => {
    const fresh = paths.filter((p) => !watched.has(p));
    if (fresh.length > 0) server.watcher.add(fresh);
    watched = new Set([...watched, ...fresh]);
  };
  // The first compile (when the app first imports skillc:skills) says what to watch.
  void session.compile().then((c) => arm(c.watch), () => undefined);

  server.watcher.on("all", (_event, file) => {
    if (![...watched].some((w) => file === w || file.startsWith(w + path.sep))) return;
    lastChange = performance.now();
    pending = true;
    if (running) return;
    running = true;
    void (async () => {
      while (pending) {
        for (let wait = quietMs; wait > 0; wait = lastChange + quietMs - performance.now()) await new Promise((r) => setTimeout(r, wait));
        pending = false;
        try {
          await rebuild(server, session, arm);
        } catch (error) {
          // A build that throws (an unwritable outDir, an internal error) shows in the overlay too.
          const e = error as Error;
          server.ws.send({ type: "error", err: { message: `skillc: ${e.message}`, stack: e.stack ?? "", plugin: "skillc" } });
        }
      }
      running = false;
    })();
  });
}

async function rebuild(server: DevServerLike, session: SkillcSession, arm: (paths: readonly string[]) => void): Promise<void> {
  session.invalidate();
  const compiled = await session.compile();
  arm(compiled.watch);
  if (!compiled.ok) {
    server.ws.send({ type: "error", err: bundlerError(compiled.errors, session.projectRoot) });
    return;
  }
  const outDir = path.dirname(compiled.entry);
  for (const env of Object.values(server.environments)) {
    for (const mod of env.moduleGraph.idToModuleMap.values()) {
      if (mod.file && (mod.file === compiled.entry || mod.file.startsWith(outDir + path.sep))) env.moduleGraph.invalidateModule(mod as never);
    }
    // The browser reloads the page; a server environment's module runner drops what it evaluated.
    env.hot.send({ type: "full-reload", path: "*" });
  }
}
