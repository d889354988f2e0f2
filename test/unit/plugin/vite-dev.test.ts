// watchInDevServer and the plugin's watchChange, with a fake dev server and session: a burst of
// watcher events costs one running rebuild and at most one more; under `vite dev` the plugin's
// watchChange leaves rebuilding to that watcher.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { viteHooks, watchInDevServer, type DevServerLike } from "../../../src/plugin/vite-dev.js";
import { SkillcSession } from "../../../src/plugin/session.js";
import { CacheMemory } from "../../../src/cache/memory.js";
import { skillcUnplugin } from "../../../src/plugin/unplugin.js";

const ROOT = path.resolve("/project/skills");

function fakes() {
  const listeners: ((event: string, file: string) => void)[] = [];
  let release: (() => void) | undefined;
  const stats = { compiles: 0, invalidates: 0, sent: [] as unknown[] };
  const server: DevServerLike = {
    watcher: { add: () => undefined, on: (_e, cb) => listeners.push(cb) },
    ws: { send: (p) => stats.sent.push(p) },
    environments: { client: { hot: { send: (p) => stats.sent.push(p) }, moduleGraph: { idToModuleMap: new Map(), invalidateModule: () => undefined } } },
  };
  const session = {
    projectRoot: "/project",
    invalidate: () => void stats.invalidates++,
    compile: () => {
      stats.compiles++;
      // The first compile (arming the watcher) answers at once; rebuilds wait until released.
      if (stats.compiles === 1) return Promise.resolve({ ok: true, entry: "/project/out/index.js", warnings: [], watch: [ROOT] });
      return new Promise((resolve) => (release = () => resolve({ ok: true, entry: "/project/out/index.js", warnings: [], watch: [ROOT] })));
    },
  };
  const emit = (file: string) => listeners.forEach((cb) => cb("change", file));
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 0));
      if (release) { const r = release; release = undefined; r(); }
    }
  };
  return { server, session, stats, emit, settle };
}

describe("watchInDevServer", () => {
  it("coalesces a burst of changes: one rebuild running, at most one pending", async () => {
    const { server, session, stats, emit, settle } = fakes();
    watchInDevServer(server, session as never, 0);
    await new Promise((r) => setTimeout(r, 0));
    expect(stats.compiles).toBe(1);
    for (let i = 0; i < 5; i++) emit(path.join(ROOT, "a", "SKILL.md"));
    emit("/project/src/app.ts"); // not under a skill root: ignored
    await settle();
    // The first event's rebuild, then one for the four events that came while it ran.
    expect(stats.invalidates).toBe(2);
    expect(stats.compiles).toBe(3);
    emit(path.join(ROOT, "a", "SKILL.md"));
    await settle();
    expect(stats.compiles).toBe(4);
  });

  // chokidar drops a second change of a file within 50 ms of the first: a rebuild started at the
  // first could read the file before the second save and never hear of it.
  it("starts a rebuild only once changes have been quiet for a while, so a quick second save is in it", async () => {
    const { server, session, stats, emit, settle } = fakes();
    watchInDevServer(server, session as never, 500);
    await new Promise((r) => setTimeout(r, 0));
    emit(path.join(ROOT, "a", "SKILL.md"));
    await new Promise((r) => setTimeout(r, 20));
    expect(stats.compiles, "no rebuild in the quiet time").toBe(1);
    emit(path.join(ROOT, "a", "SKILL.md"));
    await new Promise((r) => setTimeout(r, 700));
    await settle();
    expect(stats.compiles, "one rebuild, after both saves").toBe(2);
  });
});

describe("the plugin's watchChange", () => {
  it("under vite dev leaves rebuilding to the dev server's watcher; elsewhere invalidates", async () => {
    for (const command of ["serve", "build"] as const) {
      const plugin = skillcUnplugin.vite(undefined) as any;
      plugin.configResolved({ root: "/project", command });
      // The session is private: watch its invalidate() through the compile cache it clears.
      let n = 0;
      const { SkillcSession } = await import("../../../src/plugin/session.js");
      const spy = SkillcSession.prototype.invalidate;
      SkillcSession.prototype.invalidate = function () { n++; return spy.call(this); };
      try {
        plugin.watchChange("/project/src/app.ts", { event: "update" });
      } finally {
        SkillcSession.prototype.invalidate = spy;
      }
      expect(n).toBe(command === "serve" ? 0 : 1);
    }
  });
});

describe("viteHooks closeBundle", () => {
  it("ends what the session kept for rebuilds when the dev server closes, and not after a production build", async () => {
    const closed: string[] = [];
    const session = new SkillcSession({ root: "/project" });
    session.keepCaches();
    // The memory the session keeps, watched: its close() is what ends the resident stat thread.
    const memory = (session as unknown as { memory: CacheMemory }).memory;
    expect(memory).toBeInstanceOf(CacheMemory);
    const close = memory.close.bind(memory);
    memory.close = async () => void (closed.push("memory"), await close());

    const build = viteHooks(session, () => undefined);
    build.configResolved({ root: "/project", command: "build" });
    await build.closeBundle();
    expect(closed).toEqual([]);

    const dev = viteHooks(session, () => undefined);
    dev.configResolved({ root: "/project", command: "serve" });
    await dev.closeBundle();
    expect(closed).toEqual(["memory"]);
    await dev.closeBundle();
    expect(closed).toEqual(["memory"]);
  });
});
