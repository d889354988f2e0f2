// The runtime in a real workerd: bundled exactly as scripts/build.mjs bundles it (an IIFE assigned
// to `__skillc`), with data and exports appended the way the emitter appends them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { startWorker, type RunningWorker } from "../helpers/workerd.js";

const PNG_B64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==";

const DATA = `const DATA = {
  version: 1,
  options: { dialect: "claude-code", loadFormat: "plain", catalog: { format: "xml", budget: 16000 }, permissions: { allow: [], deny: ["secret"] } },
  skills: [
    { name: "hidden-one", path: "skills/hidden-one/SKILL.md", dir: "skills/hidden-one", scope: "builtin", rank: 0, description: "Not for the model.", brief: "Hidden.",
      hidden: true, userInvocable: true, args: [], hash: "h1", files: [], payload: () => ({ template: ["Hidden body."], files: {} }) },
    { name: "logo", path: "skills/logo/SKILL.md", dir: "skills/logo", scope: "builtin", rank: 0, description: "Brand logo & colours.", brief: "Brand logo.",
      hidden: false, userInvocable: true, args: [], hash: "h2",
      files: [{ path: "assets/logo.png", bytes: 70, binary: true, executable: false }, { path: "notes.md", bytes: 6, binary: false, executable: false }],
      payload: () => ({ template: ["Use the logo."], files: { "assets/logo.png": { b64: ${JSON.stringify(PNG_B64)} }, "notes.md": "# Note" } }) },
    { name: "review", path: "skills/review/SKILL.md", dir: "skills/review", scope: "builtin", rank: 0, description: "Review a diff for bugs.", brief: "Review a diff.",
      hidden: false, userInvocable: true, args: ["file"], hash: "h3", files: [],
      payload: () => ({ template: ["Review ", [2, 0, "$file"], " (all: ", [0, 0, "$ARGUMENTS"], ") from ", [3, 0, "\${CLAUDE_SKILL_DIR}"], "."], files: {} }) },
    { name: "secret", path: "skills/secret/SKILL.md", dir: "skills/secret", scope: "builtin", rank: 0, description: "Denied.", brief: "Denied.",
      hidden: false, userInvocable: true, args: [], hash: "h4", files: [], payload: () => ({ template: ["no"], files: {} }) },
  ],
};
export const skills = __skillc.createSkills(DATA);
export const { SkillError, createSkills } = __skillc;
`;

const WORKER = `import { skills, SkillError } from "./index.js";
const json = (v, status = 200) => new Response(JSON.stringify(v), { status, headers: { "content-type": "application/json" } });
export default {
  async fetch(req) {
    const u = new URL(req.url), q = (k) => u.searchParams.get(k) ?? undefined;
    try {
      switch (u.pathname) {
        case "/load": return json(skills.load(q("name"), q("args")));
        case "/file": {
          const v = skills.file(q("name"), q("path"));
          return typeof v === "string" ? new Response(v) : new Response(v, { headers: { "content-type": "application/octet-stream" } });
        }
        case "/search": return json(skills.search(q("q")).map((h) => [h.skill.name, h.score, h.reason]));
        case "/call": return json(skills.call(q("tool"), await req.text()));
        case "/invoke": return json(skills.invoke(q("text")));
        case "/hostile": {
          // Hostile values a model's client could hand over: each call must return an isError result.
          const cyclic = { name: "logo" }; cyclic.self = cyclic;
          const bad = { toString() { throw new Error("x"); } };
          const trap = new Proxy({}, { get() { throw new Error("trap"); }, getPrototypeOf() { throw new Error("proto"); } });
          const cases = [
            ["load_skill", { name: "/".repeat(80000) + "a" }], ["read_skill_file", { name: "logo", path: "a/".repeat(40000) }],
            ["search_skills", { query: "q".repeat(5000) }], ["load_skill", { name: "logo", args: "a".repeat(70000) }],
            ["load_skill", { name: 10n }], ["load_skill", cyclic], ["load_skill", { name: bad }], ["load_skill", trap],
            [Symbol("s"), {}], ["constructor", {}], ["__proto__", {}], ["toString", {}], [bad, {}], ["search_skills", { query: "logo", limit: 10n }],
          ];
          const out = [];
          for (const [t, i] of cases) {
            try { const r = skills.call(t, i); out.push([r.isError === true, r.structuredContent && r.structuredContent.code, r.content[0].text.length]); }
            catch (e) { out.push(["threw", String(e && e.message)]); }
          }
          return json({ out, search: skills.search("logo", null).length });
        }
        case "/session": { const s = skills.session(); return json([s.load("logo").text, s.load("logo").text]); }
        default: return new Response("ok");
      }
    } catch (e) {
      return json({ error: e instanceof SkillError, code: e.code, message: e.message }, 400);
    }
  },
};
`;

let w: RunningWorker;
beforeAll(async () => {
  const rt = await build({
    entryPoints: ["src/runtime/index.ts"],
    bundle: true,
    minify: true,
    format: "iife",
    globalName: "__skillc",
    platform: "neutral",
    target: "es2020",
    write: false,
    logLevel: "warning",
  });
  w = await startWorker({ files: { "worker.js": WORKER, "index.js": rt.outputFiles[0].text + DATA } });
});
afterAll(async () => {
  await w?.stop();
});

const get = (p: string, init?: RequestInit) => fetch(w.url + p, init);

describe("runtime in workerd", () => {
  it("loads with args (named, $ARGUMENTS, skill dir)", async () => {
    const r = await (await get("/load?name=review&args=" + encodeURIComponent(`a.ts "b c"`))).json();
    expect(r).toEqual({
      name: "review",
      path: "skills/review/SKILL.md",
      baseDir: "skills/review",
      content: 'Review a.ts (all: a.ts "b c") from skills/review.',
      text: 'Base directory for this skill: skills/review\n\nReview a.ts (all: a.ts "b c") from skills/review.',
      files: [],
    });
  });
  it("serves a binary file as the exact bytes, and text as text", async () => {
    const res = await get("/file?name=logo&path=assets/logo.png");
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(PNG_B64, "base64"));
    expect(await (await get("/file?name=logo&path=notes.md")).text()).toBe("# Note");
  });
  it("refuses hostile paths with SkillError", async () => {
    for (const [p, code] of [["../review/SKILL.md", "INVALID_PARAM"], ["%2e%2e/x", "INVALID_PARAM"], ["__proto__", "NOT_FOUND"]]) {
      const res = await get("/file?name=logo&path=" + encodeURIComponent(p));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: true, code });
    }
  });
  it("searches", async () => {
    expect(await (await get("/search?q=logo")).json()).toEqual([["logo", 3, "exact name"]]);
    // BM25 on stems: "bug" finds "bugs"; a word score is in (0, 1).
    const [[name, score, reason]] = await (await get("/search?q=diff%20bug")).json();
    expect([name, reason]).toEqual(["review", "words: diff, bug"]);
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(1);
  });
  it("survives hostile calls: capped inputs, odd values, prototype names (never a throw)", async () => {
    const { out, search } = await (await get("/hostile")).json();
    expect(out.map((r: unknown[]) => r.slice(0, 2))).toEqual([
      [true, "INVALID_PARAM"], [true, "INVALID_PARAM"], [true, "INVALID_PARAM"], [true, "INVALID_PARAM"],
      // A cyclic input object is fine: its `name` loads the skill.
      [true, "INVALID_PARAM"], [false, null], [true, "INVALID_PARAM"], [true, "EXECUTION_ERROR"],
      [true, "INVALID_PARAM"], [true, "NOT_FOUND"], [true, "NOT_FOUND"], [true, "NOT_FOUND"], [true, "INVALID_PARAM"], [false, null],
    ]);
    for (const r of out) expect(r[2]).toBeLessThan(400);
    expect(search).toBe(1);
  });
  it("calls tools without throwing (object input as JSON text)", async () => {
    const ok = await (await get("/call?tool=load_skill", { method: "POST", body: '{"name":"logo"}' })).json();
    expect(ok).toEqual({
      content: [{ type: "text", text: "Base directory for this skill: skills/logo\n\nUse the logo.\n\nSupporting files (read with read_skill_file):\n- assets/logo.png (binary, 70 bytes)\n- notes.md" }],
      structuredContent: { skill_id: "skills/logo/SKILL.md", name: "logo", path: "skills/logo/SKILL.md" },
    });
    const hidden = await (await get("/call?tool=load_skill", { method: "POST", body: '{"name":"hidden-one"}' })).json();
    expect(hidden).toEqual({ content: [{ type: "text", text: 'No skill "hidden-one". Use search_skills to find one.' }], structuredContent: { code: "NOT_FOUND" }, isError: true });
    const denied = await (await get("/call?tool=load_skill", { method: "POST", body: '{"name":"secret"}' })).json();
    expect(denied).toMatchObject({ structuredContent: { code: "PERMISSION_DENIED" }, isError: true });
  });
  it("invokes hidden skills as the user, and keeps session reminders", async () => {
    expect(await (await get("/invoke?text=" + encodeURIComponent("/hidden-one"))).json()).toMatchObject({ content: "Hidden body." });
    expect(await (await get("/invoke?text=hello")).json()).toBeNull();
    const [first, second] = await (await get("/session")).json();
    expect(first).toMatch(/^Base directory/);
    expect(second).toBe('Skill "logo" is already loaded above, unchanged: follow it; no need to load it again.');
  });
});
