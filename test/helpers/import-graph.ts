// The module graph of src/: every import of every .ts file (static `import … from`, `export … from`,
// `import("…")` and `typeof import("…")` types), read from the TypeScript syntax tree so that text
// inside strings and comments is never taken for an import. Used by test/unit/architecture/architecture.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface ImportEdge {
  /** Importing file, posix, relative to the repository ("src/pipeline/analyze.ts"). */
  from: string;
  /** Imported file, posix, relative to the repository; undefined for a package or a Node built-in. */
  to: string | undefined;
  /** As written in the source. */
  specifier: string;
  line: number;
}

function listTs(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listTs(full));
    else if (entry.name.endsWith(".ts")) out.push(full);
  }
  return out.sort();
}

/** The file a relative specifier names (".js" → ".ts", as NodeNext resolution does for sources). */
function resolveSpecifier(repo: string, fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const abs = path.resolve(path.dirname(path.join(repo, fromFile)), specifier).replace(/\.js$/, ".ts");
  return path.relative(repo, abs).split(path.sep).join("/");
}

function specifiersOf(file: string, text: string): { specifier: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { specifier: string; pos: number }[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, pos: node.moduleSpecifier.getStart(source) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, pos: node.arguments[0].getStart(source) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, pos: node.argument.literal.getStart(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((f) => ({ specifier: f.specifier, line: source.getLineAndCharacterOfPosition(f.pos).line + 1 }));
}

/** Every .ts file under `repo/src` and every import they make. */
export function readImportGraph(repo: string): { files: string[]; edges: ImportEdge[] } {
  const files = listTs(path.join(repo, "src")).map((f) => path.relative(repo, f).split(path.sep).join("/"));
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const s of specifiersOf(from, readFileSync(path.join(repo, from), "utf8"))) {
      edges.push({ from, to: resolveSpecifier(repo, from, s.specifier), specifier: s.specifier, line: s.line });
    }
  }
  return { files, edges };
}

/**
 * The import cycles among `files`: each strongly connected component of more than one module (or a
 * module importing itself), as one cycle through it, starting at its first file in path order.
 */
export function findCycles(files: readonly string[], edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) if (e.to && next.has(e.to)) next.get(e.from)!.push(e.to);
  for (const list of next.values()) list.sort();
  const cycles: string[][] = [];
  for (const component of stronglyConnected(files, next)) {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    if (component.length === 1 && !next.get(start)!.includes(start)) continue;
    cycles.push(cycleThrough(start, members, next));
  }
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** Tarjan's algorithm, iterative (no recursion depth limit). */
function stronglyConnected(files: readonly string[], next: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  for (const root of files) {
    if (index.has(root)) continue;
    const work: { node: string; i: number }[] = [{ node: root, i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const succ = next.get(top.node)!;
      if (top.i < succ.length) {
        const w = succ[top.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.node);
        out.push(component);
      }
    }
  }
  return out;
}

/** A shortest path from `start` back to itself inside one component (breadth-first). */
function cycleThrough(start: string, members: ReadonlySet<string>, next: ReadonlyMap<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const w of next.get(node)!) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, node);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
