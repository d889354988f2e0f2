// The reference the scanner (src/markdown/scan.ts) is tested against: the same facts read from a full
// remark-parse tree. A test helper only (remark runs at ~1 MB/s, and remark is a devDependency).

import remarkParse from "remark-parse";
import { unified } from "unified";

export interface RemarkCode {
  kind: "fenced" | "indented" | "inline";
  /** mdast node offsets (an indented block starts at its first line's start, indentation included). */
  start: number;
  end: number;
}

export interface RemarkLink {
  kind: "link" | "image" | "definition" | "autolink";
  url: string;
  /** mdast node offsets: the whole `[text](dest)`, `<…>` or definition. */
  start: number;
  end: number;
}

interface MdNode {
  type: string;
  url?: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

const processor = unified().use(remarkParse);

/** Code regions and link destinations of `src` according to remark-parse. */
export function scanWithRemark(src: string): { code: RemarkCode[]; links: RemarkLink[] } {
  const code: RemarkCode[] = [];
  const links: RemarkLink[] = [];
  const walk = (node: MdNode): void => {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? 0;
    if (node.type === "code") {
      const c = src[start];
      code.push({ kind: c === "`" || c === "~" ? "fenced" : "indented", start, end });
    } else if (node.type === "inlineCode") {
      code.push({ kind: "inline", start, end });
    } else if (node.type === "link" || node.type === "image" || node.type === "definition") {
      const kind = node.type === "link" && src[start] === "<" ? "autolink" : (node.type as RemarkLink["kind"]);
      links.push({ kind, url: node.url ?? "", start, end });
    }
    if (node.children) for (const child of node.children) walk(child);
  };
  walk(processor.parse(src) as MdNode);
  return { code, links };
}
