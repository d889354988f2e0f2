// Values that clients read differently from skillc. First, explicit YAML tags. skillc's parser (yaml) applies a
// tag it knows: `!!int '12'` is the number 12, `!!bool 'false'` false, `!!binary` bytes,
// `!!timestamp` a date, `!!set {a}` an empty map, `!!omap [a: 1]` a map, `!!merge <<` a symbol.
// Claude Code's (Bun's YAML, checked with bun 1.4.5) ignores them and reads the text as written
// (`"12"`, `"false"`, the base64 text, `[{a: 1}]`), so one frontmatter would be two skills: each
// such tag is an error. `!!str`, `!!map`, `!!seq` and the non-specific `!` change nothing and pass.
// Second, `.inf` and `.nan`: numbers JSON cannot hold, which skillc's outputs would carry as text
// (`"Infinity"`) where Claude Code reads a number (and a `description` of 12 is refused already).
import { isMap, isScalar, isSeq, type Node } from "yaml";
import type { YamlSyntax } from "../../rules/parse-rules.js";

const SAME_EVERYWHERE = new Set(["tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "!"]);
/** A `!!merge` key is reported as a merge key (parse.ts divergentKeys), not again here. */
const MERGE_TAG = "tag:yaml.org,2002:merge";

/**
 * [start, end, why] of every node, key or value, at any depth, with a tag clients read differently
 * or a non-finite number (linear). `source` is the YAML text: a node's range starts after its tag,
 * so the start is moved back to the tag when it stands just before (an anchor may sit between).
 */
export function divergentValues(root: unknown, source: string): Array<[number, number, YamlSyntax]> {
  const out: Array<[number, number, YamlSyntax]> = [];
  const look = (node: unknown, isKey: boolean): void => {
    const { tag, range } = (node ?? {}) as Partial<Node>;
    if (tag && range && !SAME_EVERYWHERE.has(tag) && !(isKey && tag === MERGE_TAG)) out.push([tagStart(source, range[0]), range[1], { kind: "tag", tag: shortTag(tag) }]);
    else if (range && isScalar(node) && typeof node.value === "number" && !Number.isFinite(node.value)) out.push([range[0], range[1], { kind: "non-finite" }]);
    if (isMap(node)) {
      for (const pair of node.items) {
        look(pair.key, true);
        look(pair.value, false);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) look(item, false);
    }
  };
  look(root, false);
  return out;
}

/** Where the tag before `at` starts (`!!int 12`, `!!int &a 12`, `&a !!int 12`), or `at` itself. Looks back 300 characters at most: one line's props. */
function tagStart(source: string, at: number): number {
  const before = source.slice(Math.max(0, at - 300), at);
  const m = /!\S*[ \t]+(?:&\S+[ \t]+)?$/.exec(before);
  return m ? at - before.length + m.index : at;
}

/** `tag:yaml.org,2002:int` → `!!int`; any other tag as it is. */
function shortTag(tag: string): string {
  return tag.startsWith("tag:yaml.org,2002:") ? `!!${tag.slice("tag:yaml.org,2002:".length)}` : tag;
}
