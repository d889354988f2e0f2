// The toolset plumbing a bundle carries only when some skill has toolsets: emitted once into
// index.js (after the runtime, before the data), so the shared runtime stays small. It defines
//   - load(skill, f): the `toolsets` function of a skill's data. `f` runs the skill's bundled
//     toolset code and returns [entry, exportedValue] pairs; load checks each value's shape
//     (an array of { name, description, parameters, execute }) and remembers the tools, or the
//     error (a SkillError EXECUTION_ERROR), so the code runs at most once.
//   - run(get, input): BundleData.runTool — what `skills.call` returns for a toolset tool: a Promise
//     that never rejects (data.ts documents the result shape).
// Written as source text (not a function's toString()) so no build step can rename or instrument it;
// it refers to the runtime only through `__skillc.SkillError`.
import { minifiedOnce } from "./minify.js";
import { RUNTIME_GLOBAL } from "./runtime-code.js";

/** The global the helper assigns; each skill's `toolsets` and `runTool` refer to it. */
export const TOOLSET_GLOBAL = "__skillcToolsets";

/** What a tool's `name` must match: OpenAI's and Anthropic's limit. Checked at build time and run time. */
export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

const SOURCE = `var ${TOOLSET_GLOBAL} = (() => {
  const SE = ${RUNTIME_GLOBAL}.SkillError;
  // A thrown value's text, cut as the built-in tools cut theirs (runtime/tools.ts); "" for one that
  // cannot be shown (a null-prototype object, a throwing message getter), which must not make call reject.
  const msg = (e) => {
    try {
      return String(e instanceof Error ? e.message : e).slice(0, 500);
    } catch {
      return "";
    }
  };
  const failed = (m) => (m ? \`: \${m}\` : ".");
  const text = (t, s, e) => ({ content: [{ type: "text", text: t }], ...(s && { structuredContent: s }), ...(e && { isError: e }) });
  const isObj = (v) => !!v && typeof v === "object" && !Array.isArray(v);
  const check = (t) =>
    !isObj(t) ? "must be an object"
    : typeof t.name !== "string" || !${TOOL_NAME}.test(t.name) ? "needs a name of 1-64 letters, digits, _ or -"
    : typeof t.description !== "string" ? "needs a string description"
    : !isObj(t.parameters) || t.parameters.type !== "object" ? 'needs parameters: a JSON Schema with type "object"'
    : typeof t.execute !== "function" ? "needs an execute function"
    : "";
  return {
    load: (skill, f) => {
      let r;
      return () => {
        if (!r) {
          try {
            const out = [];
            for (const [entry, v] of f()) {
              if (!Array.isArray(v)) throw new Error(\`"\${entry}" is \${v === null ? "null" : typeof v}, not an array of tools\`);
              v.forEach((t, i) => {
                const w = check(t);
                if (w) throw new Error(\`tool \${i}\${isObj(t) && typeof t.name === "string" ? \` ("\${t.name}")\` : ""} of "\${entry}" \${w}\`);
                out.push(t);
              });
            }
            r = [1, out];
          } catch (e) {
            r = [0, e instanceof SE ? e : new SE("EXECUTION_ERROR", \`The toolsets of skill "\${skill}" failed\${failed(msg(e))}\`)];
          }
        }
        if (r[0]) return r[1];
        throw r[1];
      };
    },
    run: async (get, input) => {
      try {
        let i = input ?? {};
        if (typeof i === "string") {
          try {
            i = JSON.parse(i);
          } catch {
            i = null;
          }
        }
        if (!isObj(i)) return text("Tool input must be a JSON object.", { code: "INVALID_PARAM" }, true);
        const t = get();
        if (!t) throw new SE("NOT_FOUND", "This tool is not in its skill's toolsets any more.");
        const v = await t.execute(i);
        return typeof v === "string" ? text(v)
          : isObj(v) && Array.isArray(v.content) ? v
          : text(JSON.stringify(v) ?? "", isObj(v) ? v : undefined);
      } catch (e) {
        try {
          const se = e instanceof SE;
          return text(se ? String(e.message) : \`Skill tool failed\${failed(msg(e))}\`, { code: se ? String(e.code) : "EXECUTION_ERROR" }, true);
        } catch {
          return text("Skill tool failed.", { code: "EXECUTION_ERROR" }, true);
        }
      }
    },
  };
})();`;

/** The helper, minified, on one line (no trailing newline). */
export const toolsetHelper = minifiedOnce(SOURCE, { supported: { "template-literal": false } });
