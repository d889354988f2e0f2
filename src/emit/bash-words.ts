// The claude-code dialect's argument splitter, emitted once into index.js (after the runtime, before
// the data; `BundleData.words`) only in bundles built with `dialect: "claude-code"`, so the shared
// runtime keeps only the short `splitArgs` (runtime/args.ts) that the opencode dialect uses.
//
// Claude Code 2.1.330 splits a skill's raw arguments with its bash parser and keeps the words of
// the first simple command (read from its npm package's binary: the argument substitution calls a
// tree-sitter-shaped parse, finds the first `command` node and takes its words): `ann; bob` → `ann`;
// `x=1 y` → `y`; `if x` → `x`; `ann $HOME` → `ann` (expansions alone are dropped, `a$HOME` is kept
// as written); `"a\"b"` keeps its backslash (quotes are only stripped); an unclosed quote runs to
// the end and keeps its quote; redirections, comments, pipes, `&` and lists end the words; a command
// substitution ends them. When no word comes out it splits on whitespace, as Claude Code does.
// This is a small scanner, not their parser: scripts/cc-differential.mjs runs both on generated
// inputs (about 99% equal on argument-like text, about 91% on random shell-token soup; the rest are
// parse-error corners, listed in the README).
// Written as source text (like toolset-helper.ts) so no build step can rename or instrument it.
import { minifiedOnce } from "./minify.js";

/** The global the splitter assigns; the data's `words` refers to it. */
export const WORDS_GLOBAL = "__skillcWords";

const SOURCE = `var ${WORDS_GLOBAL} = (() => {
  const OP = /[\\s;&|<>()]/;
  const KEY = /^(if|then|else|elif|do|while|until|!|\\{|\\()$/;
  const VAR = /[A-Za-z_]\\w*|[0-9@*#?$!-]/y;
  const ASSIGN = /^[A-Za-z_]\\w*(\\[[^\\]]*\\])?\\+?=/;
  const unq = (t) => (t.length > 1 && (t[0] == '"' || t[0] == "'") && t.at(-1) == t[0] ? t.slice(1, -1) : t);
  // The end of a bracketed or quoted stretch opened before j (nesting o … c, skipping escapes).
  const close = (s, j, o, c) => {
    for (let d = 0; j < s.length; j++) {
      if (s[j] == "\\\\") j++;
      else if (s[j] == o && o != c) d++;
      else if (s[j] == c && !d--) return j + 1;
    }
    return s.length;
  };
  // One word at i: [end, parts], a part [kind, text]: w plain, q quoted, e expansion, x substitution.
  const word = (s, i) => {
    const parts = [];
    const add = (k, t) => (k == "w" && parts.length && parts.at(-1)[0] == "w" ? (parts.at(-1)[1] += t) : parts.push([k, t]));
    while (i < s.length) {
      const c = s[i], n = s[i + 1];
      if (OP.test(c) && !((c == "<" || c == ">") && n == "(" && !parts.length)) {
        if (c == "(" && parts.length == 1 && /^[A-Za-z_]\\w*\\+?=$/.test(parts[0][1])) {
          const j = close(s, i + 1, "(", ")");
          add("w", s.slice(i, j)), (i = j);
          continue;
        }
        break;
      }
      let j;
      if (c == "\\\\") (j = i + 2), n != null && add("w", s.slice(i, j));
      else if (c == "'") (j = s.indexOf("'", i + 1) + 1 || s.length), add("q", s.slice(i, j));
      else if (c == '"') (j = close(s, i + 1, "", '"')), add("q", s.slice(i, j));
      else if (c == "\`") (j = close(s, i + 1, "", "\`")), add("x", s.slice(i, j));
      else if (c == "<" || c == ">") (j = close(s, i + 2, "(", ")")), add("x", s.slice(i, j));
      else if (c == "$" && n == "(") (j = close(s, i + 2, "(", ")")), add(s[i + 2] == "(" ? "e" : "x", s.slice(i, j));
      else if (c == "$" && n == "{") (j = close(s, i + 2, "{", "}")), add("e", s.slice(i, j));
      else if (c == "$" && n == "'") (j = s.indexOf("'", i + 2) + 1 || s.length), add("e", s.slice(i, j));
      else if (c == "$" && n == '"') (j = i + 1), add("w", c);
      else if (c == "$") (VAR.lastIndex = i + 1), (j = VAR.test(s) ? VAR.lastIndex : i + 1), add("e", s.slice(i, j));
      else (j = i + 1), add("w", c);
      i = j;
    }
    return [i, parts];
  };
  const redirect = (s, i) => !/^[<>]\\(/.test(s.slice(i, i + 2)) && /^(\\d*)(<<<|<<-?|&>>?|[<>]&|>\\||<>|>>?|<)/.exec(s.slice(i, i + 20));
  // A pipeline or && / || list whose later command has a redirection after a word of its own is
  // one redirected statement to the parser, holding no simple command: where it ends, or -1.
  const redirectedTail = (s, i) => {
    let w = 0, hit = 0;
    while (i < s.length && !/^(;|\\n|&(?!&))/.test(s.slice(i, i + 2))) {
      const r = redirect(s, i), op = /^(&&|\\|\\||[|&()])/.exec(s.slice(i, i + 2));
      if (s[i] == "#") i = s.indexOf("\\n", i) + 1 || s.length;
      else if (r) {
        hit ||= w;
        i += r[0].length;
        while (s[i] == " " || s[i] == "\\t") i++;
        i = word(s, i)[0];
      } else if (op) (w = 0), (i += op[0].length);
      else if (/\\s/.test(s[i])) i++;
      else (w = 1), (i = Math.max(word(s, i)[0], i + 1));
    }
    return hit ? i : -1;
  };
  const text = ([k, t]) => (k == "w" ? t.replace(/\\\\(.)/g, "$1") : k == "q" ? unq(t) : t);
  // Where close(s, i + 1, "(", ")") ends for each \`(\` at i, found in one pass with a stack (skipping
  // escapes as close does: from i + 1 on, both read the same characters), so that a run of 10,000
  // \`(\` costs one pass, not a search to the end from each of them. Built on the first bracket.
  const closers = (s) => {
    const at = [], open = [];
    for (let j = 0; j < s.length; j++) {
      if (s[j] == "\\\\") j++;
      else if (s[j] == "(") open.push(j);
      else if (s[j] == ")" && open.length) at[open.pop()] = j + 1;
    }
    for (const j of open) at[j] = s.length;
    return at;
  };
  return (raw) => {
    if (!raw.trim()) return [];
    const out = [];
    if (raw.length <= 1e4) {
      const s = raw;
      let i = 0, named = 0, bang = false, assigned = false;
      let shut;
      while (i < s.length) {
        const c = s[i];
        if (c == " " || c == "\\t" || (c == "\\\\" && s[i + 1] == "\\n")) {
          i += c == "\\\\" ? 2 : 1;
          continue;
        }
        const redir = redirect(s, i);
        if (redir) {
          if (redir[2].startsWith("<<") && redir[2] != "<<<") break;
          if (named && redir[2] != "<<<") break;
          i += redir[0].length;
          while (s[i] == " " || s[i] == "\\t") i++;
          i = word(s, i)[0];
          continue;
        }
        if (c == "#") {
          if (named) break;
          i = (s.indexOf("\\n", i) + 1) || s.length;
          continue;
        }
        if (/[;&|\\n)]/.test(c)) {
          // A redirected pipeline or list holds no simple command: the search goes on after it.
          const end = named && /^(\\||&&)/.test(s.slice(i, i + 2)) ? redirectedTail(s, i) : -1;
          if (end >= 0) {
            (out.length = 0), (named = 0), (i = end);
            continue;
          }
          if (named || out.length) break;
          // A lone \`!\` before an operator is a word of its own.
          if (bang) return ["!"];
          i++;
          continue;
        }
        // Claude Code's parser drops a backquote that opens a command; a later one then runs to the end.
        if (!named && c == "\`") {
          i++;
          continue;
        }
        // A keyword glued to a quote or \`$\` still opens the command (\`if$x\` is \`$x\`).
        const kw = !named && /^(if|then|else|elif|do|while|until)(?=[$'"\`])/.exec(s.slice(i, i + 6));
        if (kw) {
          i += kw[0].length;
          continue;
        }
        // \`( … )\` opening a command is a subshell, whose command is read; after an assignment, before a
        // redirection, or after the command's name, Claude Code's parser passes over it.
        if (c == "(") {
          let j = (shut ||= closers(s))[i] ?? close(s, i + 1, "(", ")");
          while (s[j] == " " || s[j] == "\\t") j++;
          i = named || assigned || redirect(s, j) ? j : i + 1;
          continue;
        }
        const [j, parts] = word(s, i);
        if (!parts.length) break;
        const t = s.slice(i, j);
        i = j;
        if (!named) {
          if ((KEY.test(t) && parts.length == 1) || ASSIGN.test(t)) {
            bang = t == "!";
            assigned ||= !KEY.test(t);
            continue;
          }
          named = 1;
          if (/^(export|declare|typeset|readonly|local)$/.test(t)) return [t];
          out.push(parts.length > 1 ? (parts.some((p) => p[0] == "x") ? t : parts.map(text).join("")) : text(parts[0]));
          continue;
        }
        if (parts.some((p) => p[0] == "x")) break;
        if (parts.length > 1 || parts[0][0] != "e") out.push(parts.map(text).join(""));
      }
    }
    return out.length ? out : raw.split(/\\s+/).filter(Boolean);
  };
})();
`;

/** The splitter, minified, on one line (no trailing newline). */
export const bashWords = minifiedOnce(SOURCE, { supported: { "template-literal": false } });
