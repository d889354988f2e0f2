#!/usr/bin/env node
// Deterministic generator of realistic Agent Skills corpora for `npm run bench`.
//
//   node bench/generate.mjs --size 1000 [--out bench/.corpus/1000] [--seed skillc-bench] [--force] [--stats]
//
// Same bytes on every machine and every run: all randomness comes from a seeded sfc32 PRNG driven
// by integer arithmetic only (no Math.random, no dates, no locale, no floating-point maths beyond
// exact divisions). Skill i is seeded from (seed, i) alone, so the size-100 corpus is the first 100
// skills of the size-1000 one (only the few names that collide get a suffix, decided in index order).
//
// Layout written to <out>:
//   skills/<name>/SKILL.md                 (~3% under skills/<group>/<name>/)
//   skills/<name>/references/*.md | scripts/*.sh|*.py (exec bit) | assets/* (5% of skills: a binary)
//   skillc.config.json                     discovery limits raised for big corpora
//   .corpus.json                           stamp: generator version, size, seed, counts, sha256
//
// Shape (checked by test/unit/bench/bench-generator.test.ts, tuned to perf-facts.md): SKILL.md median ≈ 7.9 KB
// and ≈ 200 lines, ≈ 9% over 500 lines; 0–5 supporting files per skill (mean ≈ 1.7); ≈ 27 KB per skill.
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as W from "./words.mjs";

export const GENERATOR_VERSION = 1;
export const DEFAULT_SEED = "skillc-bench";
const HERE = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// PRNG: xmur3 string hash → sfc32. Pure 32-bit integer arithmetic.

function xmur3(str) {
  let h = 1779033703 ^ str.length;
  for (let i = 0; i < str.length; i++) {
    h = Math.imul(h ^ str.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
}

export function makeRng(seed) {
  const s = xmur3(String(seed));
  let a = s(), b = s(), c = s(), d = s();
  const u32 = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();
  const rng = {
    u32,
    /** Integer in [lo, hi], inclusive. */
    int: (lo, hi) => lo + (u32() % (hi - lo + 1)),
    /** True with probability pct/1000 (integer per-mille keeps it exact). */
    permille: (pm) => u32() % 1000 < pm,
    pick: (arr) => arr[u32() % arr.length],
    /** Index chosen by integer weights. */
    weighted(weights) {
      const total = weights.reduce((x, y) => x + y, 0);
      let r = u32() % total;
      for (let i = 0; i < weights.length; i++) {
        if (r < weights[i]) return i;
        r -= weights[i];
      }
      return weights.length - 1;
    },
    bytes(n) {
      const out = Buffer.allocUnsafe(n);
      let i = 0;
      for (; i + 4 <= n; i += 4) out.writeUInt32LE(u32(), i);
      for (; i < n; i++) out[i] = u32() & 255;
      return out;
    },
  };
  return rng;
}

// ---------------------------------------------------------------------------------------------
// Text pieces

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (name) => name.split("-").map(cap).join(" ");
const gerund = (v) => (v.endsWith("e") && !v.endsWith("ee") ? v.slice(0, -1) : v) + "ing";

function sentence(r, domain) {
  const t = r.pick(W.SENTENCES);
  return t.replace(/\{(\w+)\}(ing|ed)?/g, (_, k, suf) => {
    let w;
    switch (k) {
      case "noun": case "noun2": w = r.pick(W.NOUNS); break;
      case "verb": case "verb2": w = r.pick(W.VERBS); break;
      case "adj": case "adj2": w = r.pick(W.ADJECTIVES); break;
      case "tool": w = r.pick(W.TOOLS); break;
      case "domain": w = domain; break;
      case "num": w = String(r.int(2, 500)); break;
      default: w = k;
    }
    if (suf === "ing") return gerund(w);
    if (suf === "ed") return (w.endsWith("e") ? w.slice(0, -1) : w) + "ed";
    return w;
  });
}

function paragraph(r, domain, min = 2, max = 5) {
  const n = r.int(min, max);
  const out = [];
  for (let i = 0; i < n; i++) out.push(sentence(r, domain));
  return out.join(" ");
}

function bulletItem(r, domain) {
  switch (r.int(0, 3)) {
    case 0: return `- **${cap(r.pick(W.ADJECTIVES))} ${r.pick(W.NOUNS)}**: ${sentence(r, domain)}`;
    case 1: return `- ${cap(gerund(r.pick(W.VERBS)))} a ${r.pick(W.ADJECTIVES)} ${r.pick(W.NOUNS)} with \`${r.pick(W.TOOLS)}\``;
    case 2: return `- \`${r.pick(W.NOUNS)}.${r.pick(W.NOUNS)}\` — ${r.pick(W.ADJECTIVES)} ${r.pick(W.NOUNS)}, default \`${r.pick(["true", "false", "auto", "none", String(r.int(1, 64))])}\``;
    default: return `- ${sentence(r, domain)}`;
  }
}

const ident = (r) => `${r.pick(W.NOUNS)}_${r.pick(W.NOUNS)}`.replace(/-/g, "_");

/** A fenced code block; `dollar` picks how shell positional parameters appear: none, raw or escaped. */
function codeBlock(r, lang, dollar = "none") {
  const lines = [];
  const n = r.int(4, 16);
  if (lang === "bash") {
    const dl = dollar === "escaped" ? "\\$" : "$";
    for (let i = 0; i < n; i++) {
      const tool = r.pick(W.TOOLS);
      switch (dollar !== "none" && i % 4 === 1 ? 9 : r.int(0, 6)) {
        case 0: lines.push(`${tool} ${r.pick(W.VERBS)} --${r.pick(W.NOUNS)} ${r.pick(W.NOUNS)}.${r.pick(["json", "yaml", "txt", "csv", "md"])}`); break;
        case 1: lines.push(`export ${ident(r).toUpperCase()}="${r.pick(W.ADJECTIVES)}"`); break;
        case 2: lines.push(`# ${sentence(r, "shell").slice(0, 70)}`); break;
        case 3: lines.push(`${tool} ${r.pick(W.VERBS)} ${r.pick(W.NOUNS)}s/ | ${r.pick(["sort", "uniq -c", "head -20", "wc -l", "tee out.log"])}`); break;
        case 4: lines.push(`if [ -f "${r.pick(W.NOUNS)}.lock" ]; then ${tool} ${r.pick(W.VERBS)}; fi`); break;
        case 5: lines.push(`for f in ${r.pick(W.NOUNS)}s/*.${r.pick(["md", "json", "py"])}; do echo "$f"; done`); break;
        case 9:
          lines.push(r.pick([
            `awk '{print ${dl}1, ${dl}3}' ${r.pick(W.NOUNS)}.tsv`,
            `target="${dl}{1:-${r.pick(W.NOUNS)}}"`,
            `${tool} ${r.pick(W.VERBS)} "${dl}1" "${dl}2"`,
            `echo "usage: ${dl}0 <${r.pick(W.NOUNS)}>" >&2`,
            `cost=${dl}1.00 # placeholder price`,
          ]));
          break;
        default: lines.push(`${tool} ${r.pick(W.VERBS)} ${r.pick(W.NOUNS)}`);
      }
    }
  } else if (lang === "python") {
    const fn = `${r.pick(W.VERBS)}_${r.pick(W.NOUNS)}`;
    lines.push(`from ${r.pick(W.NAME_HEADS)} import ${cap(r.pick(W.NOUNS))}${cap(r.pick(W.NOUNS))}`, "");
    lines.push(`def ${fn}(${r.pick(W.NOUNS)}, ${r.pick(W.NOUNS)}=None):`);
    lines.push(`    """${cap(r.pick(W.VERBS))} the ${r.pick(W.ADJECTIVES)} ${r.pick(W.NOUNS)}."""`);
    for (let i = 0; i < n; i++) {
      switch (r.int(0, 4)) {
        case 0: lines.push(`    ${ident(r)} = ${r.pick(W.NOUNS)}.${r.pick(W.VERBS)}(${r.pick(["True", "None", String(r.int(0, 99)), `"${r.pick(W.NOUNS)}"`])})`); break;
        case 1: lines.push(`    if not ${r.pick(W.NOUNS)}:`, `        raise ValueError("${r.pick(W.ADJECTIVES)} ${r.pick(W.NOUNS)}")`); break;
        case 2: lines.push(`    for ${r.pick(W.NOUNS)} in ${ident(r)}:`, `        ${r.pick(W.NOUNS)}.${r.pick(W.VERBS)}()`); break;
        case 3: lines.push(`    # ${sentence(r, "python").slice(0, 72)}`); break;
        default: lines.push(`    print(f"{${r.pick(W.NOUNS)}=}")`);
      }
    }
    lines.push(`    return ${r.pick(W.NOUNS)}`);
  } else if (lang === "json") {
    lines.push("{");
    for (let i = 0; i < n; i++) lines.push(`  "${r.pick(W.NOUNS)}_${i}": ${r.pick([`"${r.pick(W.ADJECTIVES)}"`, String(r.int(0, 9999)), "true", "null", `["${r.pick(W.NOUNS)}"]`])}${i < n - 1 ? "," : ""}`);
    lines.push("}");
  } else if (lang === "yaml") {
    for (let i = 0; i < n; i++) lines.push(`${"  ".repeat(i % 3 === 2 ? 1 : 0)}${r.pick(W.NOUNS)}_${i}: ${r.pick([r.pick(W.ADJECTIVES), String(r.int(0, 999)), "true", `"${r.pick(W.NOUNS)}"`])}`);
  } else {
    lines.push(`import { ${r.pick(W.VERBS)}${cap(r.pick(W.NOUNS))} } from "${r.pick(W.NAME_HEADS)}";`, "");
    lines.push(`export async function ${r.pick(W.VERBS)}${cap(r.pick(W.NOUNS))}(${r.pick(W.NOUNS)}: string) {`);
    for (let i = 0; i < n; i++) lines.push(`  const ${r.pick(W.NOUNS)}${i} = await ${r.pick(W.VERBS)}(${r.pick(W.NOUNS)}, { ${r.pick(W.NOUNS)}: ${r.int(0, 99)} });`);
    lines.push("}");
  }
  return ["```" + lang, ...lines, "```"];
}

function table(r) {
  const rows = [`| ${cap(r.pick(W.NOUNS))} | ${cap(r.pick(W.NOUNS))} | Notes |`, "|---|---|---|"];
  const n = r.int(3, 8);
  for (let i = 0; i < n; i++) rows.push(`| \`${r.pick(W.NOUNS)}\` | ${r.pick(W.ADJECTIVES)} | ${sentence(r, "tables").slice(0, 60)} |`);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// One skill

function makeDescription(r, name, domain) {
  const target = r.int(80, 400);
  const parts = [
    `${cap(r.pick(W.VERBS))} ${r.pick(W.ADJECTIVES)} ${r.pick(W.NOUNS)}s for ${domain} with ${r.pick(W.TOOLS)}.`,
    `Use when the user asks to ${r.pick(W.VERBS)} or ${r.pick(W.VERBS)} a ${r.pick(W.NOUNS)}, mentions ${name.replace(/-/g, " ")}, or works on ${domain}.`,
  ];
  while (parts.join(" ").length < target) parts.push(sentence(r, domain));
  let d = parts.join(" ");
  if (d.length > 400) {
    d = d.slice(0, 399);
    d = d.slice(0, d.lastIndexOf(" ")).replace(/[,:;.]$/, "") + ".";
  }
  return d;
}

function yamlDescription(r, d) {
  const style = r.weighted([55, 20, 15, 10]);
  const needsQuote = /: |\s#|^[\s>|!&*{[\]'"%@`-]/.test(d);
  if (style === 1 || (style === 0 && needsQuote)) {
    // Double-quoted, often because it holds ": ".
    const colon = d.replace(/\. Use when/, ". Triggers: use when");
    const withColon = r.permille(600) && colon.length <= 400 ? colon : d;
    return [`description: "${withColon.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`];
  }
  if (style === 2) {
    const words = d.split(" ");
    const lines = [];
    let cur = "";
    for (const w of words) {
      if (cur && cur.length + w.length + 1 > 78) {
        lines.push("  " + cur);
        cur = w;
      } else cur = cur ? cur + " " + w : w;
    }
    if (cur) lines.push("  " + cur);
    return ["description: >-", ...lines];
  }
  if (style === 3) return [`description: '${d.replace(/'/g, "''")}'`];
  return [`description: ${d}`];
}

function makeFrontmatter(r, s) {
  const fm = ["---", `name: ${s.name}`, ...yamlDescription(r, s.description)];
  if (r.permille(400)) fm.push(`license: ${r.pick(W.LICENSES)}`);
  if (r.permille(50)) fm.push(`compatibility: Requires ${r.pick(W.TOOLS)} ${r.int(1, 9)}.${r.int(0, 20)}+ and network access`);
  if (s.args.length) {
    fm.push(r.permille(500) ? `arguments: [${s.args.join(", ")}]` : `arguments: ${s.args.join(" ")}`);
    fm.push(`argument-hint: "${s.args.map((a) => `[${a}]`).join(" ")}"`);
  } else if (r.permille(60)) {
    fm.push(`argument-hint: "[${r.pick(W.NOUNS)}]"`);
  }
  if (r.permille(200)) {
    const t = r.pick(W.ALLOWED_TOOLS);
    fm.push(r.permille(500) ? `allowed-tools: ${t}` : `allowed-tools:\n${t.split(" ").map((x) => `  - ${x}`).join("\n")}`);
  }
  if (r.permille(50)) fm.push(`when_to_use: When ${gerund(r.pick(W.VERBS))} ${r.pick(W.NOUNS)}s in ${s.domain}`);
  if (r.permille(30)) fm.push("disable-model-invocation: true");
  if (r.permille(20)) fm.push("user-invocable: false");
  if (r.permille(40)) fm.push(`model: ${r.pick(W.MODELS)}`);
  if (r.permille(50)) fm.push(`version: "${r.int(0, 4)}.${r.int(0, 12)}.${r.int(0, 30)}"`);
  if (r.permille(100)) {
    fm.push("triggers:", `  keywords: [${r.pick(W.NOUNS)}, ${s.name.split("-")[0]}, ${r.pick(W.DOMAINS)}]`, `  verbs: [${r.pick(W.VERBS)}, ${r.pick(W.VERBS)}]`);
    if (r.permille(500)) fm.push(`  patterns: ['\\b${r.pick(W.VERBS)}(ing|ed)? (the |a )?${r.pick(W.NOUNS)}s?\\b']`);
  }
  if (r.permille(300)) {
    fm.push("metadata:", `  author: ${JSON.stringify(r.pick(W.AUTHORS))}`, `  version: "${r.int(1, 3)}.${r.int(0, 9)}"`);
    if (r.permille(500)) fm.push(`  category: ${r.pick(W.GROUPS)}`);
  }
  fm.push("---");
  return fm;
}

/** Supporting files: [{ rel, kind, data, mode }]. */
function makeFiles(r, s) {
  const count = r.weighted([22, 28, 20, 14, 10, 6]);
  const files = [];
  const used = new Set();
  const uniq = (rel) => {
    let p = rel, i = 2;
    while (used.has(p)) p = rel.replace(/(\.[a-z]+)$/, `-${i++}$1`);
    used.add(p);
    return p;
  };
  const binary = r.permille(50);
  for (let i = 0; i < count || (binary && i === 0); i++) {
    const kind = binary && i === 0 ? "binary" : ["reference", "script", "asset"][r.weighted([58, 27, 15])];
    if (kind === "reference") {
      const rel = uniq(`references/${r.pick(["api-reference", "troubleshooting", "examples", "advanced", "configuration", "forms", "schema", `${r.pick(W.NOUNS)}-guide`, `${r.pick(W.NOUNS)}s`])}.md`);
      const lines = [`# ${titleCase(path.posix.basename(rel, ".md"))}`, ""];
      const target = r.weighted([30, 40, 20, 10]) * 4000 + r.int(2000, 6800);
      let bytes = 0;
      while (bytes < target) {
        const block = r.int(0, 5) === 0 ? codeBlock(r, r.pick(["bash", "python", "json", "yaml"])) : r.int(0, 3) === 0 ? [bulletItem(r, s.domain), bulletItem(r, s.domain), bulletItem(r, s.domain)] : [paragraph(r, s.domain, 3, 6)];
        if (r.int(0, 4) === 0) block.unshift(`## ${r.pick(W.HEADINGS)}`, "");
        block.push("");
        for (const l of block) bytes += l.length + 1;
        lines.push(...block);
      }
      files.push({ rel, kind, data: lines.join("\n"), mode: 0o644 });
    } else if (kind === "script") {
      const py = r.permille(300);
      const rel = uniq(`scripts/${r.pick(W.VERBS)}_${r.pick(W.NOUNS)}.${py ? "py" : "sh"}`);
      const body = [];
      if (py) {
        body.push("#!/usr/bin/env python3", `"""${sentence(r, s.domain)}"""`, "import argparse", "import sys", "");
        const blocks = r.int(2, 8);
        for (let b = 0; b < blocks; b++) body.push(...codeBlock(r, "python").slice(1, -1), "");
        body.push('if __name__ == "__main__":', "    parser = argparse.ArgumentParser()", `    parser.add_argument("${r.pick(W.NOUNS)}")`, "    sys.exit(0)");
      } else {
        body.push("#!/usr/bin/env bash", "set -euo pipefail", "", `# ${sentence(r, s.domain)}`, 'usage() { echo "usage: $0 <' + r.pick(W.NOUNS) + '> [options]" >&2; exit 2; }', '[ "$#" -ge 1 ] || usage', 'target="$1"; shift', "");
        const blocks = r.int(2, 8);
        for (let b = 0; b < blocks; b++) body.push(`${r.pick(W.VERBS)}_${r.pick(W.NOUNS)}() {`, ...codeBlock(r, "bash", "raw").slice(1, -1).map((l) => "  " + l), "}", "");
        body.push(`${r.pick(W.VERBS)}_${r.pick(W.NOUNS)} "$target" "$@"`);
      }
      files.push({ rel, kind, data: body.join("\n") + "\n", mode: 0o755 });
    } else if (kind === "asset") {
      const ext = r.pick(["json", "yaml", "html", "txt", "csv"]);
      const rel = uniq(`assets/${r.pick(["template", "example", "sample", "config", r.pick(W.NOUNS)])}.${ext}`);
      const n = r.int(10, 250);
      let data;
      if (ext === "json" || ext === "yaml") data = codeBlock(r, ext).slice(1, -1).join("\n") + "\n";
      else if (ext === "csv") {
        const rows = [`id,${r.pick(W.NOUNS)},${r.pick(W.NOUNS)},score`];
        for (let k = 0; k < n; k++) rows.push(`${k},${r.pick(W.ADJECTIVES)},${r.pick(W.NOUNS)},${r.int(0, 1000)}`);
        data = rows.join("\n") + "\n";
      } else if (ext === "html") {
        const rows = ["<!doctype html>", "<html><head><meta charset=\"utf-8\"><title>{{title}}</title></head><body>"];
        for (let k = 0; k < n / 5; k++) rows.push(`  <section class="${r.pick(W.NOUNS)}"><h2>{{${r.pick(W.NOUNS)}}}</h2><p>${sentence(r, s.domain)}</p></section>`);
        rows.push("</body></html>");
        data = rows.join("\n") + "\n";
      } else data = Array.from({ length: Math.ceil(n / 10) }, () => paragraph(r, s.domain)).join("\n\n") + "\n";
      files.push({ rel, kind, data, mode: 0o644 });
    } else {
      const png = r.permille(600);
      const rel = uniq(png ? `assets/${r.pick(["logo", "diagram", "screenshot", "example", "icon"])}.png` : `assets/${r.pick(["template", "fonts", "examples", "starter"])}.zip`);
      const size = r.int(8, 40) * r.int(1, 12) * 1024 + r.int(0, 1023);
      let data;
      if (png) {
        const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
        const ihdr = Buffer.alloc(13);
        ihdr.writeUInt32BE(r.int(16, 2048), 0);
        ihdr.writeUInt32BE(r.int(16, 2048), 4);
        ihdr[8] = 8; ihdr[9] = 6;
        data = Buffer.concat([head, ihdr, r.bytes(4), Buffer.from([0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54]), r.bytes(size)]);
      } else {
        const head = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]);
        data = Buffer.concat([head, r.bytes(size), Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0])]);
      }
      files.push({ rel, kind, data, mode: 0o644 });
    }
  }
  return files;
}

function makeBody(r, s) {
  const out = [`# ${titleCase(s.name)}`, ""];
  let bytes = 0, lines = 2;
  const push = (...ls) => {
    for (const l of ls) {
      out.push(l);
      bytes += Buffer.byteLength(l) + 1;
      lines++;
    }
  };
  push("## Overview", "", paragraph(r, s.domain, 2, 4), "");
  push("## When to Use This Skill", "", "Apply this skill when:");
  for (let i = r.int(3, 7); i > 0; i--) push(bulletItem(r, s.domain));
  push("");
  if (s.args.length) {
    push("## Arguments", "");
    push(`The raw request is \`$ARGUMENTS\`. ${s.args.map((a, i) => `\`$${a}\` (also \`$${i}\`) is the ${r.pick(W.NOUNS)}`).join("; ")}.`);
    push(`If \`$${s.args[0]}\` is empty, ask the user which ${r.pick(W.NOUNS)} to ${r.pick(W.VERBS)}.`, "");
  }
  if (s.skillDir) push(`Scripts live in \`\${CLAUDE_SKILL_DIR}/scripts\`; run them from the repository root.`, "");
  if (s.bang) push("Current state:", "", "!`git status --short`", "");

  // Resources: a link to every supporting file (the links must resolve: a missing target is an error).
  if (s.files.length) {
    push("## Resources", "");
    for (const f of s.files) {
      if (f.kind === "reference") push(`- [${titleCase(path.posix.basename(f.rel, ".md"))}](${f.rel}): ${sentence(r, s.domain)}`);
      else if (f.kind === "script") push(`- [\`${f.rel}\`](${f.rel}) — run \`${f.rel} <${r.pick(W.NOUNS)}>\`; ${sentence(r, s.domain).toLowerCase()}`);
      else push(`- [${path.posix.basename(f.rel)}](${f.rel}) (${f.kind === "binary" ? "binary asset" : "template"})`);
    }
    push("");
  }

  const fences = r.permille(250) ? (r.permille(300) ? "escaped" : "raw") : "none";
  let sec = 0;
  while (s.long ? lines < s.targetLines : bytes < s.targetBytes) {
    sec++;
    push(`## ${sec === 1 ? "Quick Start" : r.pick(W.HEADINGS)}${sec > 6 ? ` ${sec}` : ""}`, "");
    const blocks = r.int(2, 5);
    for (let b = 0; b < blocks; b++) {
      const kind = r.weighted(s.long ? [25, 30, 15, 20, 10] : [30, 33, 10, 22, 5]);
      if (kind === 0) push(paragraph(r, s.domain, 1, 4), "");
      else if (kind === 1) {
        const lang = r.pick(["bash", "bash", "python", "json", "yaml", "typescript"]);
        push(...codeBlock(r, lang, lang === "bash" ? fences : "none"), "");
      } else if (kind === 2) push(...table(r), "");
      else if (kind === 3) {
        const ordered = r.permille(500);
        for (let i = r.int(3, 8), k = 1; i > 0; i--, k++) push(ordered ? `${k}. ${sentence(r, s.domain)}` : bulletItem(r, s.domain));
        push("");
      } else {
        push(`### Step ${sec}.${b + 1}: ${cap(r.pick(W.VERBS))} the ${r.pick(W.NOUNS)}`, "", paragraph(r, s.domain, 1, 3), "");
      }
      if (r.permille(60) && s.files.length) {
        const f = r.pick(s.files);
        push(`See [${f.rel}](${f.rel}) for details.`, "");
      }
      if (r.permille(40)) push(`More background: <https://example.com/docs/${r.pick(W.NOUNS)}/${r.pick(W.VERBS)}>.`, "");
    }
  }
  return out.join("\n").trimEnd() + "\n";
}

/** One skill's description, files and SKILL.md text, from (seed, index) alone. */
export function makeSkill(seed, index, takenNames) {
  const r = makeRng(`${seed}:${index}`);
  let name;
  const shape = r.weighted([70, 22, 8]);
  if (shape === 0) name = `${r.pick(W.NAME_HEADS)}-${r.pick(W.NAME_TAILS)}`;
  else if (shape === 1) name = `${r.pick(W.NAME_HEADS)}-${r.pick(W.NAME_HEADS)}-${r.pick(W.NAME_TAILS)}`;
  else name = r.pick(W.NAME_HEADS);
  const base = name;
  for (let i = 2; takenNames?.has(name); i++) name = `${base}-${i}`;
  takenNames?.add(name);

  const domain = r.pick(W.DOMAINS);
  const s = { name, domain, index };
  s.group = r.permille(30) ? r.pick(W.GROUPS) : undefined;
  s.description = makeDescription(r, name, domain);
  s.args = r.permille(150) ? [r.pick(["target", "file", "issue", "branch", "query", "path"]), ...(r.permille(500) ? [r.pick(["mode", "format", "scope", "limit"])] : [])] : [];
  s.skillDir = r.permille(100);
  s.bang = r.permille(20);
  s.long = r.permille(95);
  // Normal skills: bytes in 6.0–9.6 KB (median ≈ 7.8 KB with the frontmatter); long ones: 520–1100 lines.
  s.targetBytes = r.int(4900, 8300);
  s.targetLines = r.int(520, 1100);
  const fm = makeFrontmatter(r, s);
  s.files = makeFiles(r, s);
  let text = fm.join("\n") + "\n\n" + makeBody(r, s);
  if (r.permille(10)) text = text.replace(/\n/g, "\r\n");
  s.text = text;
  s.dir = s.group ? `skills/${s.group}/${name}` : `skills/${name}`;
  return s;
}

/** Every file of the corpus, in a fixed order: { rel, data (string | Buffer), mode }. */
export function* corpusFiles(size, seed = DEFAULT_SEED) {
  const taken = new Set();
  yield {
    rel: "skillc.config.json",
    data: JSON.stringify({ discovery: { maxFolders: 1_000_000, maxDepth: 6 } }, null, 2) + "\n",
    mode: 0o644,
  };
  for (let i = 0; i < size; i++) {
    const s = makeSkill(seed, i, taken);
    yield { rel: `${s.dir}/SKILL.md`, data: s.text, mode: 0o644, skill: s };
    for (const f of s.files) yield { rel: `${s.dir}/${f.rel}`, data: f.data, mode: f.mode };
  }
}

// ---------------------------------------------------------------------------------------------
// Writing, hashing, stats

/** sha256 over every file below `dir` (sorted posix paths, exec bit, bytes), the stamp excluded. */
export function hashTree(dir) {
  const h = createHash("sha256");
  for (const rel of listFiles(dir)) {
    if (rel === ".corpus.json") continue;
    const full = path.join(dir, rel);
    const st = statSync(full);
    h.update(`${rel}\0${st.mode & 0o111 ? "x" : "-"}\0${st.size}\0`);
    h.update(readFileSync(full));
  }
  return h.digest("hex");
}

/** Posix paths of the regular files below `dir`, sorted by code unit. */
export function listFiles(dir) {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk("");
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Shape of a corpus folder: what perf-facts.md reports for its corpora. */
export function corpusStats(dir) {
  const files = listFiles(dir).filter((f) => f.startsWith("skills/"));
  const md = [];
  let total = 0, skillMdBytes = 0, binaries = 0, execs = 0;
  const perSkill = new Map();
  for (const rel of files) {
    const full = path.join(dir, rel);
    const buf = readFileSync(full);
    total += buf.length;
    if (rel.endsWith("/SKILL.md")) {
      skillMdBytes += buf.length;
      const text = buf.toString("utf8");
      md.push({ bytes: buf.length, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) });
      perSkill.set(path.posix.dirname(rel), 0);
    } else {
      if (buf.subarray(0, 8192).includes(0)) binaries++;
      if (statSync(full).mode & 0o111) execs++;
    }
  }
  for (const rel of files) {
    if (rel.endsWith("/SKILL.md")) continue;
    let d = path.posix.dirname(rel);
    while (d !== "skills" && !perSkill.has(d)) d = path.posix.dirname(d);
    if (perSkill.has(d)) perSkill.set(d, perSkill.get(d) + 1);
  }
  const median = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
  };
  const counts = [...perSkill.values()];
  return {
    skills: md.length,
    files: files.length,
    totalBytes: total,
    skillMdBytes,
    skillMdMedianBytes: median(md.map((m) => m.bytes)),
    skillMdMedianLines: median(md.map((m) => m.lines)),
    over500LinesFraction: md.filter((m) => m.lines > 500).length / Math.max(1, md.length),
    supportingMin: Math.min(...counts),
    supportingMax: Math.max(...counts),
    supportingMean: counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length),
    binaryFiles: binaries,
    executableFiles: execs,
    nestedSkills: [...perSkill.keys()].filter((d) => d.split("/").length > 2).length,
  };
}

/**
 * Writes the corpus of `size` skills into `dir` (atomically: a temporary sibling, then a rename) and
 * returns its stamp. An existing corpus with the same stamp (version, size, seed) is reused unless `force`.
 */
export function generateCorpus({ size, seed = DEFAULT_SEED, dir = path.join(HERE, ".corpus", String(size)), force = false, log = () => {} }) {
  const stampFile = path.join(dir, ".corpus.json");
  if (!force && existsSync(stampFile)) {
    try {
      const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
      if (stamp.version === GENERATOR_VERSION && stamp.size === size && stamp.seed === seed) return { ...stamp, dir, reused: true };
    } catch {
      // regenerate
    }
  }
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const started = Date.now();
  const h = createHash("sha256");
  let files = 0, bytes = 0;
  const made = new Set();
  // Hash in sorted order, as hashTree does, so the stamp's hash equals hashTree(dir).
  const entries = [];
  for (const f of corpusFiles(size, seed)) {
    const full = path.join(tmp, f.rel);
    const parent = path.dirname(full);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    const buf = typeof f.data === "string" ? Buffer.from(f.data, "utf8") : f.data;
    writeFileSync(full, buf, { mode: f.mode });
    if (f.mode & 0o111) chmodSync(full, f.mode); // the umask may have removed the exec bit
    files++;
    bytes += buf.length;
    entries.push([f.rel, f.mode & 0o111 ? "x" : "-", buf]);
    if (files % 5000 === 0) log(`  generated ${files} files…`);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [rel, x, buf] of entries) h.update(`${rel}\0${x}\0${buf.length}\0`).update(buf);
  const stamp = { version: GENERATOR_VERSION, size, seed, files, bytes, sha256: h.digest("hex"), ms: Date.now() - started };
  writeFileSync(path.join(tmp, ".corpus.json"), JSON.stringify(stamp, null, 2) + "\n");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  renameSync(tmp, dir);
  return { ...stamp, dir, reused: false };
}

// ---------------------------------------------------------------------------------------------
// CLI

function parseArgs(argv) {
  const o = { size: 1000, seed: DEFAULT_SEED, out: undefined, force: false, stats: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const eq = a.indexOf("=");
      return eq > 0 ? a.slice(eq + 1) : argv[++i];
    };
    if (a.startsWith("--size")) o.size = Number(val());
    else if (a.startsWith("--seed")) o.seed = val();
    else if (a.startsWith("--out")) o.out = val();
    else if (a === "--force") o.force = true;
    else if (a === "--stats") o.stats = true;
    else if (a === "-h" || a === "--help") {
      console.log("usage: node bench/generate.mjs [--size N] [--seed S] [--out DIR] [--force] [--stats]");
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isInteger(o.size) || o.size < 1) throw new Error("--size must be a positive integer");
  return o;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const o = parseArgs(process.argv.slice(2));
  const dir = path.resolve(o.out ?? path.join(HERE, ".corpus", String(o.size)));
  const res = generateCorpus({ size: o.size, seed: o.seed, dir, force: o.force, log: (m) => console.error(m) });
  console.log(`${res.reused ? "reused" : "generated"} ${o.size} skills in ${path.relative(process.cwd(), dir) || "."}: ${res.files} files, ${(res.bytes / 1e6).toFixed(1)} MB, sha256 ${res.sha256.slice(0, 16)}…${res.reused ? "" : ` (${res.ms} ms)`}`);
  if (o.stats) console.log(JSON.stringify(corpusStats(dir), null, 2));
}
