// Frontmatter nodes that Claude Code reads differently from skillc: one text would be two skills,
// so each is a `yaml-syntax` error at the node. Claude Code 2.1.332 parses with Bun's YAML
// (`Bun.YAML.parse`, checked with bun 1.4.5; test/unit/parse/claude-code-yaml.test.ts runs both).
//  - Keys. YAML 1.2 reads `<<` as one key named `<<`, as skillc does; Bun, PyYAML and js-yaml read
//    it, quoted or not, as a merge when its value is a map, a list or an alias, and add the fields it
//    names (`<<: {allowed-tools: Bash(*)}` grants a tool skillc never sees); yaml merges a key tagged
//    `!!merge` (whatever its text) where Bun does not: "merge". A key that is a list or a map skillc
//    reads as its YAML text (`[ allowed-tools ]`), Bun as its items joined (`allowed-tools`): "key".
//    A key YAML reads as null (`null`, `~`) is the field "" to skillc, "null" to Bun: "null-key".
//  - Explicit tags. yaml applies a tag it knows (`!!int '12'` is 12, `!!bool 'false'` false,
//    `!!binary` bytes, `!!set {a}` an empty map, `!!omap [a: 1]` a map, `!!merge <<` a symbol); Bun
//    ignores them and reads the text as written: "tag". `!!str`, `!!map`, `!!seq` and the
//    non-specific `!` change nothing and pass.
//  - `.inf` and `.nan`: numbers JSON cannot hold, which skillc's outputs would carry as text
//    (`"Infinity"`) where Bun reads a number: "non-finite".
import { isMap, isScalar, isSeq, type Node } from "yaml";
import type { YamlSyntax } from "../../rules/parse-rules.js";
import { keyString } from "./yaml-positions.js";

const SAME_EVERYWHERE = new Set(["tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "!"]);
const MERGE_TAG = "tag:yaml.org,2002:merge";

/**
 * [start, end, why] of every divergent node, key or value, at any depth, in one walk (linear).
 * `source` is the YAML text: a node's range starts after its tag, so a tag's report starts at the
 * tag when it stands just before (an anchor may sit between).
 */
export function divergentNodes(root: unknown, source: string): Array<[number, number, YamlSyntax]> {
  const out: Array<[number, number, YamlSyntax]> = [];
  const look = (node: unknown, isKey: boolean): void => {
    const { tag, range } = (node ?? {}) as Partial<Node>;
    if (!range) return;
    // A `!!merge` key is reported as a merge key below, not again as a tag.
    if (tag && !SAME_EVERYWHERE.has(tag) && !(isKey && tag === MERGE_TAG)) out.push([tagStart(source, range[0]), range[1], { kind: "tag", tag: shortTag(tag) }]);
    else if (isScalar(node) && typeof node.value === "number" && !Number.isFinite(node.value)) out.push([range[0], range[1], { kind: "non-finite" }]);
    if (isMap(node)) {
      for (const pair of node.items) {
        const at = (pair.key as Partial<Node> | null)?.range;
        if (at && pair.key !== null && !isScalar(pair.key)) out.push([at[0], at[1], { kind: "key" }]);
        else {
          if (at && ((keyString(pair.key) === "<<" && pair.value && !isScalar(pair.value)) || (pair.key as Partial<Node>).tag === MERGE_TAG)) out.push([at[0], at[1], { kind: "merge" }]);
          else if (at && isScalar(pair.key) && pair.key.value === null) out.push([at[0], at[1], { kind: "null-key" }]);
          look(pair.key, true);
        }
        look(pair.value, false);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) look(item, false);
    }
  };
  look(root, false);
  return out.sort((a, b) => a[0] - b[0]);
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
