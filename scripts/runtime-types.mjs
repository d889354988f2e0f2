// The runtime's API as declaration text, made from the runtime's own types (src/runtime/*.ts) by
// TypeScript's declaration emit, so that every emitted index.d.ts carries the runtime's shapes and
// doc comments rather than a hand-written copy. scripts/build.mjs writes it to dist/runtime-api.txt
// (typescript is a devDependency: the published package ships the text); src/emit/runtime-types.ts
// reads that file, or, running from source (tests), calls this module.
//
// The runtime types names and paths as `string`; a bundle knows its skills, so a few members are
// narrowed to the bundle's own types (declared per build by src/emit/dts.ts). Every narrowing must
// find its member: a runtime change that drops or renames one fails the package build.

/** Runtime exports the compiler uses but a bundle does not export (index.js exports skills, createSkills, SkillError). */
const COMPILER_ONLY = new Set(["createSkills", "CatalogEntry", "CatalogResult"]);

/** Interface → member → the member's signatures in index.d.ts (overloads: several). */
const NARROW = {
  SkillMeta: { name: ["name: SkillName;"], path: ["path: SkillPath;"], dir: ["dir: SkillDir;"] },
  LoadResult: { name: ["name: SkillName;"], path: ["path: SkillPath;"], baseDir: ["baseDir: SkillDir;"] },
  SkillTool: { name: ["name: ToolsetToolName;"] },
  Skills: {
    get: ["get(nameOrPath: SkillRef): SkillMeta | undefined;"],
    load: ["load<R extends SkillRef>(nameOrPath: R, args?: string | ArgvOf<R>, opts?: LoadOptions): LoadResult;"],
    file: ["file<R extends SkillRef, P extends FilePathOf<R>>(nameOrPath: R, relPath: P): FileOf<R, P>;"],
    invoke: ["invoke<C extends string>(text: C & CommandOf<C>): LoadResult | null;"],
    call: [
      "call(toolName: BuiltinToolName, input: unknown): ToolResult;",
      "call(toolName: ToolsetToolName, input: unknown): Promise<ToolResult>;",
      "call(toolName: string, input: unknown): ToolResult | Promise<ToolResult>;",
    ],
    toolsets: ["toolsets(nameOrPath: SkillRef): SkillTool[];"],
  },
};

/**
 * The declarations `entry` (src/runtime/index.ts) exports for a bundle, and the ones they refer to,
 * as one module's text (two-space indent, doc comments kept, members narrowed per NARROW).
 * @param {typeof import("typescript")} ts
 * @param {string} entry
 * @returns {string}
 */
export function runtimeTypes(ts, entry) {
  const files = emitDeclarations(ts, entry);
  const decls = new Map();
  let index;
  for (const [name, text] of files) {
    const sf = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
    if (/[\\/]index\.d\.ts$/.test(name)) index = sf;
    for (const node of sf.statements) {
      if (!(ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node)) || !node.name) continue;
      if (decls.has(node.name.text)) throw new Error(`skillc: the runtime declares the type ${node.name.text} twice`);
      decls.set(node.name.text, { sf, node });
    }
  }
  if (!index) throw new Error(`skillc: no declarations for ${entry}`);
  const order = reachable(ts, decls, exportedNames(ts, index).filter((n) => !COMPILER_ONLY.has(n)));
  const used = new Set();
  const out = order.map((name) => declarationText(ts, decls.get(name), NARROW[name], used));
  for (const [type, members] of Object.entries(NARROW)) {
    for (const member of Object.keys(members)) {
      if (!used.has(`${type}.${member}`)) throw new Error(`skillc: the runtime's ${type}.${member} is gone; update NARROW in scripts/runtime-types.mjs`);
    }
  }
  return out.join("\n") + "\n";
}

/** TypeScript's declaration emit of the runtime, in memory: file name → .d.ts text. */
function emitDeclarations(ts, entry) {
  const options = {
    declaration: true,
    emitDeclarationOnly: true,
    removeComments: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    types: [],
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    outDir: "/runtime-types",
  };
  const files = new Map();
  const result = ts.createProgram([entry], options).emit(undefined, (name, text) => files.set(name, text), undefined, true);
  if (result.emitSkipped || result.diagnostics.length > 0) {
    const why = ts.formatDiagnostics(result.diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => "", getNewLine: () => "\n" });
    throw new Error(`skillc: declaration emit of ${entry} failed\n${why}`);
  }
  return [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Names the entry re-exports (`export { a } from`, `export type { b } from`), in order. */
function exportedNames(ts, index) {
  const names = [];
  for (const node of index.statements) {
    if (!ts.isExportDeclaration(node) || !node.exportClause || !ts.isNamedExports(node.exportClause)) continue;
    for (const el of node.exportClause.elements) {
      if (el.propertyName && el.propertyName.text !== el.name.text) throw new Error(`skillc: the runtime renames ${el.propertyName.text} on export; not supported here`);
      names.push(el.name.text);
    }
  }
  return names;
}

/** `roots` (those declared as types) and every runtime type they refer to, roots first. */
function reachable(ts, decls, roots) {
  const order = roots.filter((n) => decls.has(n));
  const seen = new Set(order);
  for (let i = 0; i < order.length; i++) {
    const visit = (node) => {
      const ref = ts.isTypeReferenceNode(node) ? node.typeName : ts.isExpressionWithTypeArguments(node) ? node.expression : ts.isTypeQueryNode(node) ? node.exprName : undefined;
      if (ref && ts.isIdentifier(ref) && decls.has(ref.text) && !seen.has(ref.text)) {
        seen.add(ref.text);
        order.push(ref.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(decls.get(order[i]).node);
  }
  return order;
}

/** One declaration with its doc comment, narrowed members replaced, re-indented to two spaces. */
function declarationText(ts, { sf, node }, narrow, used) {
  const start = node.getStart(sf);
  const docs = (ts.getLeadingCommentRanges(sf.text, node.pos) ?? []).filter((c) => sf.text.startsWith("/**", c.pos));
  const doc = docs.length ? sf.text.slice(docs[docs.length - 1].pos, docs[docs.length - 1].end) + "\n" : "";
  const edits = [];
  if (narrow) {
    const members = ts.isInterfaceDeclaration(node) ? node.members : [];
    for (const [name, signatures] of Object.entries(narrow)) {
      const own = members.filter((m) => m.name && ts.isIdentifier(m.name) && m.name.text === name);
      if (own.length === 0) continue;
      used.add(`${node.name.text}.${name}`);
      const indent = " ".repeat(ts.getLineAndCharacterOfPosition(sf, own[0].getStart(sf)).character);
      edits.push([own[0].getStart(sf), own[0].end, signatures.join(`\n${indent}`)]);
      // Further overloads go, with their leading comments: the narrowed list replaces them all.
      for (const m of own.slice(1)) edits.push([m.pos, m.end, ""]);
    }
  }
  let text = sf.text.slice(start, node.end);
  for (const [from, to, by] of edits.sort((a, b) => b[0] - a[0])) text = text.slice(0, from - start) + by + text.slice(to - start);
  return (doc + text).replace(/^((?: {4})+)/gm, (s) => " ".repeat(s.length / 2));
}

/**
 * runtimeTypes() with the project's own typescript (a devDependency): for running from source.
 * @param {string} entry
 * @returns {Promise<string>}
 */
export async function loadRuntimeTypes(entry) {
  const ts = (await import("typescript")).default;
  return runtimeTypes(ts, entry);
}
