// One `toolsets` entry → esbuild → a function body (no newline, no import) whose `return` is the
// exported toolset. Static only: nothing here runs the toolset's code. esbuild is confined to the
// skill (src/toolsets/confine.ts) and reads no tsconfig.json. What esbuild tells without running
// anything is reported here: a missing export of an ES module ("No matching export"), a module that
// cannot be resolved, a Node.js built-in, a refused import, a syntax error, a dynamic import.
// A CommonJS module's exports are not known statically: its entry is marked `cjs`, and only the
// build's sandboxed evaluation (src/toolsets/sandbox.ts) can say whether the name exists.
import path from "node:path";
import type { BuildFailure, Message, Metafile } from "esbuild";
import type { RuleMeta } from "../diagnostics/rule.js";
import * as R from "../rules/toolset-rules.js";
import { TOOLSET_IMPORT_REFUSED } from "../rules/toolset-sandbox-rules.js";
import { toPosix } from "../util/paths.js";
import { confinePlugin, ENTRY_FILE } from "./confine.js";

/** Reports on one `toolsets` entry. */
export type Report = <P>(rule: RuleMeta<P>, params: P) => void;

export interface BundledEntry {
  body: string;
  /** The module's format as esbuild saw it: a `cjs` module's export is known only by running it. */
  format: "esm" | "cjs";
}

export interface BundleTarget {
  /** As written in the SKILL.md. */
  spec: string;
  exportName: string;
  /** Real paths of the skill folder and of the entry module. */
  root: string;
  real: string;
  /** The module, relative to the skill folder, posix. */
  shown: string;
  /** The skill folder as the user gave it (esbuild's working directory, for its messages). */
  absDir: string;
}

export async function bundleEntry(esbuild: typeof import("esbuild"), t: BundleTarget, report: Report): Promise<BundledEntry | undefined> {
  let code: string;
  let metafile: Metafile;
  try {
    const result = await esbuild.build({
      stdin: { contents: `export { ${t.exportName} as default } from ${JSON.stringify(t.real)};\n`, resolveDir: t.absDir, sourcefile: ENTRY_FILE, loader: "js" },
      absWorkingDir: t.absDir,
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      target: "es2020",
      mainFields: ["module", "main"],
      resolveExtensions: [".ts", ".mts", ".tsx", ".js", ".mjs", ".jsx", ".cjs", ".cts", ".json"],
      // No tsconfig.json is read: its `extends` and `paths` could point anywhere on the machine.
      tsconfigRaw: {},
      plugins: [confinePlugin({ root: t.root, entry: t.real })],
      // Every string literal, no template literal: the code must stay on one line (one skill per line).
      supported: { "template-literal": false },
      charset: "ascii",
      legalComments: "none",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    code = result.outputFiles[0]!.text;
    metafile = result.metafile!;
    const dynamic = result.warnings.find((w) => w.id === "unsupported-dynamic-import" || w.id === "unsupported-require-call");
    if (dynamic) {
      report(R.TOOLSET_UNRESOLVED_IMPORT, { kind: "dynamic", spec: t.spec, at: where(dynamic), text: dynamic.text });
      return undefined;
    }
  } catch (err) {
    const errors = (err as BuildFailure).errors;
    if (!Array.isArray(errors) || errors.length === 0) report(R.TOOLSET_BUILD_FAILED, { kind: "bundle", spec: t.spec, error: (err as Error).message });
    else reportBuildErrors(errors, t, report);
    return undefined;
  }
  const external = Object.values(metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  if (external.length > 0) {
    report(R.TOOLSET_UNRESOLVED_IMPORT, { kind: "external", spec: t.spec, imports: external });
    return undefined;
  }
  const m = /export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*;?\s*$/.exec(code);
  const body = m ? code.slice(0, m.index).trim() + `return ${m[1]}` : undefined;
  if (!body || /[\n\r\u2028\u2029]/.test(body)) {
    report(R.TOOLSET_BUILD_FAILED, { kind: "chunk", spec: t.spec, lineBreak: Boolean(body) });
    return undefined;
  }
  // Not found (a path spelled otherwise): unknown, so treated like CommonJS (evaluation decides).
  const input = Object.entries(metafile.inputs).find(([p]) => p === t.shown || path.resolve(t.absDir, p) === t.real)?.[1];
  return { body, format: input?.format === "esm" ? "esm" : "cjs" };
}

function reportBuildErrors(errors: Message[], t: BundleTarget, report: Report): void {
  const e = errors.find((x) => x.pluginName === "skillc") ?? errors[0]!;
  const text = e.text;
  if (e.pluginName === "skillc") {
    report(TOOLSET_IMPORT_REFUSED, { spec: t.spec, at: where(e), text });
    return;
  }
  if (e.location?.file === ENTRY_FILE && /No matching export/.test(text)) {
    report(R.TOOLSET_EXPORT_MISSING, { kind: "missing", file: t.shown, exportName: t.exportName });
    return;
  }
  const unresolved = /^Could not resolve "([^"]+)"/.exec(text);
  if (unresolved) {
    const id = unresolved[1]!;
    const builtin = id.startsWith("node:") || e.notes.some((n) => /built into node/.test(n.text));
    const kind = builtin ? "builtin" : /^[./]/.test(id) ? "missing" : "package";
    report(R.TOOLSET_UNRESOLVED_IMPORT, { kind, spec: t.spec, at: where(e), id });
    return;
  }
  report(R.TOOLSET_BUILD_FAILED, { kind: "compile", spec: t.spec, at: where(e), text, more: errors.length - 1 });
}

/** "toolsets/helpers.ts:3:14: " for a message inside a module of the skill. */
function where(m: Message): string {
  const l = m.location;
  if (!l || l.file === ENTRY_FILE) return "";
  return `${toPosix(l.file)}:${l.line}:${l.column + 1}: `;
}
