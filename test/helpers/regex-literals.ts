// The regex literals of a source folder, read with TypeScript's parser (a regex-looking string or
// comment is not one): the tests that require every regex a model's or a client's text meets to be
// linear (recheck) take them from here.
import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";

/** Regex literals in the `.ts` files of `folder` (relative to the repository), as [file, source, flags without `g`]. */
export function regexLiterals(folder: string): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const f of readdirSync(folder).filter((f) => f.endsWith(".ts"))) {
    const sf = ts.createSourceFile(f, readFileSync(`${folder}/${f}`, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const t = n.getText(sf), i = t.lastIndexOf("/");
        out.push([f, t.slice(1, i), t.slice(i + 1).replace("g", "")]);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}
