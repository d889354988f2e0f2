// The chunk plumbing a split bundle carries (output: "split"): emitted once into index.js (after the
// runtime, before the data), so the shared runtime stays as it is and single bundles pay nothing.
// It defines
//   - p(payload, importer): a skill's `payload` in the data. The importer is the literal
//     `() => import("./<hash>.js")` that lets bundlers code-split each chunk. The payload
//     function is synchronous, as the runtime expects: it returns the chunk's payload when the
//     running call's instance holds it, and otherwise records the hash it needs and throws.
//   - d(data, [[shard, links]…], toolsets): the bundle's data. The skills' metadata is in metadata
//     shards (`chunks/<hash>.js`, src/emit/split-shards.ts), which index.js imports statically, each
//     exporting `m` (its skills' metadata as the text of a JSON array, in one string literal, each
//     skill's `payload` its chunk's hash, or [hash, piece hashes…]; parsed on first use) and `t` (a
//     function of the toolset helper giving the toolset skills' `toolsets` by index). `links` is the
//     literal import() of the shard's links module, whose `i` holds the literal import() thunks of its
//     skills' chunks and piece chunks, by hash. d() joins them into `data.skills`.
//   - create(data, options): the exported `skills`. It wraps the runtime's synchronous API:
//     load, file, invoke, disclose and call run the synchronous implementation; when it needed
//     chunks that were not loaded, they are loaded (each once per instance, with its pieces) and
//     the call runs again. So both layouts share one implementation. `ready(refs?)` preloads chunks.
//   - fetchLoader(base, { fetch, maxBytes, timeoutMs }): a `loader` option that fetches
//     `chunks/<hash>.js` from a base URL and refuses one whose SHA-256 is not its name (a tampered or
//     corrupted chunk or piece), one over maxBytes, and one that takes longer than timeoutMs.
// The chunk format (src/emit/split.ts): exactly `export default ` + JSON + `;\n`, so one file
// serves both import() and fetch; a skill's chunk's JSON is `{"template":[…],"files":[[path, text |
// {"b64"} | {"pieces":[hash…]} | {"b64pieces":[hash…]}],…]}`, a piece's a JSON string, joined in
// order to the text or the base64. Written as source text, like the toolset helper.
import { minifiedOnce } from "./minify.js";
import { RUNTIME_GLOBAL } from "./runtime-code.js";
import { CHUNK_HEAD, CHUNK_TAIL } from "./chunk-render.js";

/** The global the helper assigns; each skill's `payload` and the bundle's exports refer to it. */
export const SPLIT_GLOBAL = "__skillcSplit";

/**
 * fetchLoader's defaults: bytes of one chunk (a skill's chunk holds its whole body, so a chunk can
 * pass CHUNK_CAP; 64 MiB is far past any real one) and milliseconds for one chunk's request and body.
 */
export const FETCH_MAX_BYTES = 64 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 30_000;

export { CHUNK_HEAD, CHUNK_TAIL };

const SOURCE = `var ${SPLIT_GLOBAL} = (() => {
  const R = ${RUNTIME_GLOBAL}, SE = R.SkillError;
  const imp = new Map();
  let cur;
  const err = (m) => new SE("EXECUTION_ERROR", m);
  // A skill's chunk is imported through its links module (f imports it and registers its thunks).
  const p = (x, f) => {
    const h = typeof x == "string" ? x : x[0];
    if (!imp.has(h)) {
      const w = () =>
        f().then(() => {
          const g = imp.get(h);
          if (g === w) throw err("Chunk " + h + " is not linked.");
          return g();
        });
      imp.set(h, w);
    }
    const g = () => {
      const v = cur && cur.got.get(h);
      if (v) return v;
      if (cur) cur.need.add(h);
      throw err("This skill's chunk (" + h + ") is not loaded yet; await the call, or await skills.ready() first.");
    };
    g.h = h;
    return g;
  };
  // The skills are built on first use, not at import: importing then costs the shards' compile,
  // and the first call that needs the skills (list, get, load…) pays their JSON.parse, once.
  const d = (data, shards, T) => {
    let a;
    const all = () => {
      if (a) return a;
      // Kept only once every shard is read: a shard that fails to parse fails every call, never
      // leaves a partial list behind.
      const out = [];
      for (const [s, l] of shards) {
        const m = JSON.parse(s.m), t = s.t && s.t(T);
        // The shard's links module, imported once (again after a failure); it registers every
        // chunk it links to, so that the default loader finds piece chunks too.
        let L;
        const links = () =>
          L ||
          (L = l().then(
            (x) => {
              for (const k in x.i) imp.set(k, x.i[k]);
            },
            (e) => {
              L = undefined;
              throw e;
            },
          ));
        for (let k = 0; k < m.length; k++) {
          const x = m[k];
          x.payload = p(x.payload, links);
          if (t && t[k]) x.toolsets = t[k];
          out.push(x);
        }
      }
      return (a = out);
    };
    return Object.defineProperty(data, "skills", { get: all, enumerable: true });
  };
  const many = (c) => c && typeof c == "object" && (c.pieces || c.b64pieces);
  // A chunk lists its files as [path, content] pairs: a "__proto__" path stays a file in a module too.
  const shape = (h, v, ld) => {
    if (!v || typeof v != "object" || !Array.isArray(v.template) || !Array.isArray(v.files)) throw err("Chunk " + h + " is not a skill payload.");
    const whole = (f) => ({ template: v.template, files: Object.fromEntries(f) });
    if (!v.files.some((f) => many(f && f[1]))) return whole(v.files);
    const piece = async (x) => {
      const s = await ld(x);
      if (typeof s != "string") throw err("Chunk " + x + " is not a piece of a file.");
      return s;
    };
    const join = async ([k, c]) => {
      const ps = many(c);
      if (!ps) return [k, c];
      if (!Array.isArray(ps)) throw err("Chunk " + h + " is not a skill payload.");
      const t = (await Promise.all(ps.map(piece))).join("");
      return [k, c.pieces ? t : { b64: t }];
    };
    return Promise.all(v.files.map(join)).then(whole);
  };
  const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
  // A chunk's bytes, at most max of them: the host is not trusted, and one that streams without end
  // (or declares more) is cut off there instead of filling memory. A fetch of the caller's own that
  // returns no stream is read whole, then measured.
  const bytes = async (r, max, big) => {
    if (Number(r.headers && r.headers.get && r.headers.get("content-length")) > max) throw big();
    if (!r.body || !r.body.getReader) {
      const b = await r.arrayBuffer();
      if (b.byteLength > max) throw big();
      return b;
    }
    const rd = r.body.getReader(), parts = [];
    let n = 0;
    for (;;) {
      const { done, value } = await rd.read();
      if (done) break;
      n += value.byteLength;
      if (n > max) {
        rd.cancel().catch(() => {});
        throw big();
      }
      parts.push(value);
    }
    const b = new Uint8Array(n);
    n = 0;
    for (const x of parts) b.set(x, n), (n += x.byteLength);
    return b;
  };
  const fetchLoader = (base, o) => {
    const root = String(base).replace(/\\/?$/, "/");
    // A timer holds at most 2^31-1 ms: more (Infinity too) would fire at once, so it is capped there.
    const max = (o && o.maxBytes) || ${FETCH_MAX_BYTES}, ms = Math.min((o && o.timeoutMs) || ${FETCH_TIMEOUT_MS}, 2147483647);
    return async (h) => {
      if (!/^[0-9a-f]{64}$/.test(h)) throw err("Not a chunk hash: " + String(h).slice(0, 80));
      const u = new URL("chunks/" + h + ".js", root);
      // One time limit over the request and its body: a host that never answers, or trickles, fails the
      // load, and the global fetch's request is aborted then (a fetch of the caller's own gets the URL only).
      let w;
      const ac = typeof AbortController == "function" ? new AbortController() : undefined;
      const late = new Promise((_, ko) => (w = setTimeout(() => (ac && ac.abort(), ko(err("Chunk " + h + " from " + u + " did not arrive within " + ms + " ms: refused."))), ms)));
      const get = async () => {
        const r = await (o && o.fetch ? o.fetch(u) : fetch(u, ac && { signal: ac.signal }));
        if (!r.ok) throw err("Chunk " + h + " could not be fetched from " + u + ": HTTP " + r.status + ".");
        return bytes(r, max, () => err("Chunk " + h + " from " + u + " is over " + max + " bytes: refused."));
      };
      const b = await Promise.race([get(), late]).finally(() => clearTimeout(w));
      if (hex(await crypto.subtle.digest("SHA-256", b)) !== h) throw err("Chunk " + h + " from " + u + " does not match its SHA-256 hash: refused (tampered with or corrupted).");
      const t = new TextDecoder().decode(b);
      if (!t.startsWith(${JSON.stringify(CHUNK_HEAD)}) || !t.endsWith(${JSON.stringify(CHUNK_TAIL)})) throw err("Chunk " + h + " is not a skillc chunk.");
      return JSON.parse(t.slice(${CHUNK_HEAD.length}, -${CHUNK_TAIL.length}));
    };
  };
  const create = (data, options) => {
    const o = options || {};
    const ld = o.loader || ((h) => imp.get(h)().then((m) => m.default));
    const got = new Map(), pend = new Map();
    let paths;
    const one = (h) => {
      if (got.has(h)) return;
      let q = pend.get(h);
      if (!q) {
        q = Promise.resolve().then(() => ld(h)).then((v) => shape(h, v, ld)).then(
          (v) => void got.set(h, v),
          (e) => {
            pend.delete(h);
            throw e instanceof SE ? e : err("Chunk " + h + " could not be loaded: " + (e instanceof Error ? e.message : String(e)));
          },
        );
        pend.set(h, q);
      }
      return q;
    };
    const wrap = (core) => {
      const run = (f) => async (...a) => {
        for (;;) {
          const st = { got, need: new Set() };
          let r, e, ok = 1;
          cur = st;
          try {
            r = f(...a);
          } catch (x) {
            e = x;
            ok = 0;
          } finally {
            cur = undefined;
          }
          if (!st.need.size) {
            if (ok) return r;
            throw e;
          }
          await Promise.all([...st.need].map(one));
        }
      };
      // A ref as load resolves it. get() answers undefined where load would throw: toolsets(ref)
      // resolves the same way and throws that SkillError (NOT_FOUND, PERMISSION_DENIED…) first.
      const skill = (ref) => {
        const m = core.get(ref);
        if (!m) core.toolsets(ref);
        return (paths ||= new Map(data.skills.map((s) => [s.path, s]))).get(m.path);
      };
      const ready = async (refs) => {
        const list = refs == null ? data.skills.filter((s) => core.get(s.path)) : Array.from(typeof refs == "string" ? [refs] : refs, skill);
        await Promise.all(list.map((s) => one(s.payload.h)));
      };
      const call = run(core.call), disc = run(core.disclose);
      return {
        ...core,
        load: run(core.load),
        file: run(core.file),
        invoke: run(core.invoke),
        // "full" loads the matched skills: their chunks first, so that a session records each load once.
        disclose: async (tier, t) => {
          if (tier === "full") await ready(core.match(t == null ? "" : t).map((h) => h.skill.path));
          return disc(tier, t);
        },
        call: (n, i) =>
          call(n, i).catch((e) => ({ content: [{ type: "text", text: String(e && e.message) }], structuredContent: { code: (e && e.code) || "EXECUTION_ERROR" }, isError: true })),
        ready,
        session: () => wrap(core.session()),
      };
    };
    return wrap(R.createSkills(data, o));
  };
  return { d, create, fetchLoader };
})();`;

/** The helper, minified, on one line (no trailing newline). */
export const splitHelper = minifiedOnce(SOURCE);
