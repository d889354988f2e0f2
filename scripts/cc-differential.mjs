// The claude-code dialect against Claude Code's own substitution, on generated cases. Not part of
// npm test: it needs Claude Code's binary, which is not ours to ship. Nothing of Claude Code is in
// this repository: the script finds its functions in the binary at run time and runs them there.
//
//   mkdir -p /tmp/cc && cd /tmp/cc
//   npm pack @anthropic-ai/claude-code-linux-x64@2.1.330 && tar xzf anthropic-ai-claude-code-linux-x64-2.1.330.tgz
//   npm install --prefix /tmp/cc acorn
//   cd <skillc> && node scripts/cc-differential.mjs /tmp/cc/package/claude [cases=2000] [seed=1] [--words-only] [--args-like]
//
// The names it looks for (Vgt: the substitution; Gsi/SR/hGe/pWt: the argument split over their bash
// parser; mK: the `!` defusing; fGt: the ${CLAUDE_*} variables) are 2.1.330's minified names; another
// version needs them found again. It prints each disagreement (first 30) and the count, and exits 1
// when any disagree beyond the splitter's known corners (see --words-only to measure the splitter).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const [bin, casesArg = "2000", seedArg = "1"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const wordsOnly = process.argv.includes("--words-only");
// --words-only measures the splitter alone on shell-token soup; with --args-like, on argument-like text.
const argsLike = process.argv.includes("--args-like");
if (!bin) {
  console.error("usage: node scripts/cc-differential.mjs <claude binary> [cases] [seed] [--words-only]");
  process.exit(2);
}
const acorn = createRequire(join(bin, "..", "..", "..", "x.js"))("acorn");
const buf = readFileSync(bin);
const dir = mkdtempSync(join(tmpdir(), "skillc-ccdiff-"));

/** The source text of the chunk (one bundled module) that holds `anchor`. */
function chunkOf(anchor) {
  const at = buf.indexOf(Buffer.from(anchor));
  if (at < 0) throw new Error(`not found in the binary: ${anchor}`);
  const start = buf.lastIndexOf(Buffer.from("// @bun @bytecode"), at);
  const end = buf.indexOf(Buffer.from("// @bun @bytecode"), at);
  return { text: buf.subarray(start, end).toString("latin1"), at: at - start };
}

/** One top-level function's source, found in the chunk that holds `anchor`. */
function fn(name, anchor) {
  const { text } = chunkOf(anchor);
  const i = text.indexOf(`function ${name}(`);
  const node = acorn.Parser.parseExpressionAt(text, i, { ecmaVersion: "latest" });
  return text.slice(i, node.end);
}

// The bash parser is a whole module; its imports are feature switches (all off) and a cache helper.
const parser = chunkOf("export{DBn,Jys,dSo,cSo,tUi,py}");
let src = parser.text.slice(0, parser.text.indexOf("export{DBn,Jys,dSo,cSo,tUi,py}") + 30);
src = src.replace(/import\{([^}]*)\}from"[^"]*chunk-q3m943rc\.js";/, (_, names) => "const " + names.split(",").map((n) => `${n}=${/^(FOr|Nmn)$/.test(n) ? "/(?!)/" : "()=>false"}`).join(",") + ";");
src = src.replace(/import\{de\}from"[^"]*";/, "const de=(v)=>v;");
writeFileSync(join(dir, "parser.mjs"), src);
const { py } = await import(pathToFileURL(join(dir, "parser.mjs")).href);

const ARGS_CHUNK = "function Vgt(";
const PARSE_CHUNK = "function pWt(";
const parts = [
  fn("vdn", ARGS_CHUNK), fn("Gsi", ARGS_CHUNK), fn("mK", ARGS_CHUNK), fn("Vgt", ARGS_CHUNK), fn("fGt", "function fGt(e,{baseDir"),
  fn("hGe", PARSE_CHUNK), fn("pWt", PARSE_CHUNK), fn("Re", PARSE_CHUNK), fn("Bn", PARSE_CHUNK), fn("SR", "export{Thr,iHn"),
];
// Their module-level constants and helpers these functions name, restated.
const prelude = `const b8="\\uFFFF",jde="\\uFFFE",T8o=4e6,gbr=64,hbr=64,MP=1e4;
const uo=(s)=>s.replace(/[.*+?^\${}()|[\\]\\\\]/g,"\\\\$&");class Uv extends Error{}
const Ue=new Set(["command","declaration_command"]),zn=new Set(["export","declare","typeset","readonly","local","unset","unsetenv"]),Wn=new Set(["word","string","raw_string","number"]),Be=new Set(["command_substitution","process_substitution"]);
const pD=(p)=>p,pat=()=>false;let E={};const us=()=>E.projectDir,Oo=()=>E.projectDir,Une=()=>E.sessionId;`;
const cc = new Function("py", `${prelude}\n${parts.join("\n")}
return { split: Gsi, render(body, args, names, env) { E = env; const lo = { baseDir: env.dir, effortLevel: env.effort };
  return Vgt(body, args, true, names, (v) => mK(fGt(v, lo)), (b, w) => fGt(b, lo, w)); } };`)(py);

// skillc's side, bundled from source.
const entry = join(dir, "skillc.ts");
writeFileSync(entry, `export { compileTemplate } from ${JSON.stringify(join(process.cwd(), "src/pipeline/template.ts"))};
export { expandTemplate } from ${JSON.stringify(join(process.cwd(), "src/runtime/render.ts"))};
export { bashWords } from ${JSON.stringify(join(process.cwd(), "src/emit/bash-words.ts"))};`);
// Written under node_modules so that its `import("esbuild")` resolves to ours.
const out = join(process.cwd(), "node_modules/.cache/skillc-ccdiff/skillc.mjs");
await esbuild.build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", outfile: out, external: ["esbuild"], logLevel: "silent" });
const sk = await import(pathToFileURL(out).href);
const words = new Function(`${await sk.bashWords()}; return __skillcWords`)();

// Generated cases: bodies and arguments from fragments that meet at every rule's edge.
let seed = Number(seedArg);
const rnd = (n) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const pick = (xs, max) => Array.from({ length: rnd(max + 1) }, () => xs[rnd(xs.length)]).join("");
const BODY = ["$", "\\", "ARGUMENTS", "[", "]", "0", "1", "12", "a", " ", ".", "-", "{CLAUDE_SKILL_DIR}", "{CLAUDE_EFFORT}", "{CLAUDE_SESSION_ID}", "who", "file", "file_name", "\n", "!", "`", "\uFFFF", "  \n"];
const ARG = ["x", "y z", " ", "  ", "$1", "$ARGUMENTS", "'q r'", '"s t"', "\\", "$who", "!", "!x", "`", ";", "|", "&", ">", "#", "x=1", "if", "$HOME", "${CLAUDE_EFFORT}", "${CLAUDE_SKILL_DIR}", "\uFFFE", "\n", "é"];
// Argument-like text: words people pass, joined mostly by spaces, now and then by an operator.
const WORD = ["ann", "bob", "src/a.ts", "--flag", "-n", "3", "1.5", "x=1", "'two words'", '"dq $v"', '"a\\"b"', "it\\'s", "a\\ b", "$HOME", "${X}", "~/x", "*.md", "#tag", "!bang", "é", "日本", "key=value", "http://x.y/z?q=1&r=2", "a|b", "a;b", "(x)", "$(date)", "`id`", "'open", '"open', "a>b", "2>&1"];
const JOIN = [" ", " ", " ", "  ", "\t", "; ", " | ", " && ", " # ", "\n", " > "];
const argLike = () => {
  let s = WORD[rnd(WORD.length)];
  for (let i = rnd(5); i > 0; i--) s += (rnd(4) ? " " : JOIN[rnd(JOIN.length)]) + WORD[rnd(WORD.length)];
  return s;
};
const NAMES = [[], ["who"], ["file", "file_name"], ["ARGUMENTS"], ["who", "file"]];
const N = Number(casesArg);
const env = { dir: "skills/demo", sessionId: "S-1", projectDir: "/proj", effort: "high" };
let bad = 0;
for (let k = 0; k < N; k++) {
  const args = argsLike ? argLike() : pick(ARG, 6);
  let theirs, ours;
  if (wordsOnly) {
    theirs = JSON.stringify(cc.split(args));
    ours = JSON.stringify(words(args));
  } else {
    const body = pick(BODY, 14);
    const names = NAMES[rnd(NAMES.length)];
    theirs = cc.render(body, args, names, env);
    ours = sk.expandTemplate(sk.compileTemplate(body, { dialect: "claude-code", argumentNames: names }), args, { ...env, cc: true, words }).content;
    if (theirs !== ours && bad < 30) console.log(JSON.stringify({ body, args, names, claude: theirs, skillc: ours, split: [cc.split(args), words(args)] }));
  }
  if (theirs !== ours) {
    if (wordsOnly && bad < 30) console.log(JSON.stringify({ args, claude: theirs, skillc: ours }));
    bad++;
  }
}
console.log(`${N - bad}/${N} equal (${bad} differ)${wordsOnly ? " — argument split only" : ""}${argsLike ? ", argument-like text" : ""}`);
process.exit(bad ? 1 : 0);
