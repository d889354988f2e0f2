// Lists the files in src/ over 300 lines and the functions over 60 lines (ARCHITECTURE.md: small
// modules with one job). A file may be longer when its header (the comments before its first
// statement) says why, in a line starting "Kept as one file:"; a function has no such way out.
// `node scripts/size-report.mjs` prints the report; `--check` also exits 1 when there is a violation.
// test/size-report.test.ts runs sizeReport() and fails on any violation not in its PENDING list.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 60;
export const FILE_REASON = "Kept as one file:";

const ts = createRequire(import.meta.url)("typescript");

/** Every .ts file under `dir`, as posix paths relative to `root`, sorted. */
function sourceFiles(root, dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(root, rel));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
  return out.sort();
}

/** The comments before the first statement: where a file says why it is long. */
function header(text) {
  const ranges = ts.getLeadingCommentRanges(text, 0) ?? [];
  return ranges.map((r) => text.slice(r.pos, r.end)).join("\n");
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

/** A function's name as a reader finds it: its own, or the variable, property or method holding it. */
function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.kind === ts.SyntaxKind.Constructor) return "constructor";
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  return "(anonymous)";
}

function longFunctions(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (FUNCTION_KINDS.has(node.kind) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.end).line + 1;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ file, line: start, name: functionName(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The report over `root`/src: long files (with or without a reason) and long functions. */
export function sizeReport(root) {
  const files = [];
  const functions = [];
  for (const file of sourceFiles(root, "src")) {
    const text = readFileSync(path.join(root, file), "utf8");
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_FILE_LINES) files.push({ file, lines, reason: header(text).includes(FILE_REASON) });
    functions.push(...longFunctions(file, text));
  }
  return { files, functions };
}

export function formatReport({ files, functions }) {
  const unexplained = files.filter((f) => !f.reason);
  const lines = [
    `files over ${MAX_FILE_LINES} lines: ${files.length} (${unexplained.length} without a reason in the header)`,
    ...files.map((f) => `  ${f.file}: ${f.lines} lines${f.reason ? ` (${FILE_REASON} …)` : ""}`),
    `functions over ${MAX_FUNCTION_LINES} lines: ${functions.length}`,
    ...functions.map((f) => `  ${f.file}:${f.line} ${f.name}: ${f.lines} lines`),
  ];
  return lines.join("\n") + "\n";
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = sizeReport(fileURLToPath(new URL("..", import.meta.url)));
  process.stdout.write(formatReport(report));
  const violations = report.files.filter((f) => !f.reason).length + report.functions.length;
  if (process.argv.includes("--check") && violations > 0) process.exitCode = 1;
}
