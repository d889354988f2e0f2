// The oracle the line-based frontmatter locator is proven against: a real unified + remark-parse +
// remark-frontmatter parse (too slow for the hot path, the reason the locator exists).
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkFrontmatter from "remark-frontmatter";
import { decodeSkill, locateFrontmatter } from "../../src/pipeline/frontmatter/locate.js";

const remark = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]);

/** What remark-frontmatter finds: the yaml node's value and end position, or nothing. */
export function remarkFrontmatterOf(original: string) {
  const tree = remark.parse(original);
  const first = tree.children[0] as { type: string; value?: string; position?: { end: { line: number; column: number } } } | undefined;
  if (!first || first.type !== "yaml") return undefined;
  return { value: first.value!.replace(/\r\n?/g, "\n"), endLine: first.position!.end.line, endColumn: first.position!.end.column };
}

/** What the line-based locator finds on the same input. */
export function locatorOf(original: string) {
  const decoded = decodeSkill(new TextEncoder().encode(original));
  if (!decoded.ok) throw new Error("fixture is not text");
  const found = locateFrontmatter(decoded.text);
  if (found.kind !== "found") return undefined;
  return { value: found.value, endLine: found.closeLine, endColumn: found.closeLineLength + 1 };
}

