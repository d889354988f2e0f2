// Each skill's `<skill-path>` in mcp.js (SEP-2640: `skill://<skill-path>/<file-path>`). The URIs of
// a bundle are one namespace that every skill's files share, and a resource is found by its exact
// URI, so two skills serving one URI would let one answer for the other: a skill in a second root
// at `pdf/references` (or under pdf's folder, named "references") put its `api.md` at the URI of
// pdf's own `references/api.md`, and resources/read served it under pdf's listing and digest.
import type { EmitSkill, SourceRoot } from "../types.js";
import { UsageError } from "../diagnostics/usage-error.js";
import { escapeTerminal } from "../util/hidden-chars.js";

const segments = (relDir: string) => relDir.split("/").filter((x) => x && x !== ".");

/**
 * The skill paths, in `skills` order: the folder below its root with the last segment the skill's
 * `name`, each segment URI-encoded. A skill one of whose URIs another skill would serve too is named
 * by its root's scope and its real folder instead (unique within a root: nested skill folders are not
 * their parent's files); a scope two roots share gets the root's number. A skill that only then
 * clashes (one at `<scope>/<folder>` of another root) is named so in the next round. Throws a
 * UsageError when a URI is still served twice (a config's scopes chosen to clash), never serving
 * one skill's file for another's.
 */
export function mcpSkillPaths(skills: readonly EmitSkill[]): string[] {
  const named = skills.map((s) => {
    const segs = segments(s.source.relDir);
    segs.splice(Math.max(0, segs.length - 1), 1, s.fields.name);
    return segs.map(encodeURIComponent).join("/");
  });
  const label = rootLabels(skills.map((s) => s.source.root));
  const scoped = (s: EmitSkill) => [label.get(s.source.root.precedence)!, ...segments(s.source.relDir)].map(encodeURIComponent).join("/");
  const moved = new Set<number>();
  let paths = named;
  // Each round moves at least one skill, and a moved one never moves back: a few rounds settle any real layout.
  for (let round = 0; round < 4; round++) {
    const clash = clashes(skills, paths);
    if (clash.size === 0) return paths;
    const fresh = [...clash].filter((i) => !moved.has(i));
    if (fresh.length === 0) return refuse(skills, clash);
    for (const i of fresh) moved.add(i);
    paths = named.map((p, i) => (moved.has(i) ? scoped(skills[i]!) : p));
  }
  const left = clashes(skills, paths);
  return left.size ? refuse(skills, left) : paths;
}

function refuse(skills: readonly EmitSkill[], clash: Set<number>): never {
  const files = [...clash].slice(0, 2).map((i) => escapeTerminal(skills[i]!.source.file));
  throw new UsageError(`mcp: two skills would serve the same skill:// URIs (${files.join(" and ")}); give their source roots different scopes in the config.`);
}

/** Each root's label by precedence: its scope, or `scope-N` (N = precedence + 1) when another root has that scope too. */
function rootLabels(roots: readonly SourceRoot[]): Map<number, string> {
  const byScope = new Map<string, Set<number>>();
  for (const r of roots) byScope.set(r.scope, (byScope.get(r.scope) ?? new Set()).add(r.precedence));
  const out = new Map<number, string>();
  for (const r of roots) out.set(r.precedence, byScope.get(r.scope)!.size > 1 ? `${r.scope}-${r.precedence + 1}` : r.scope);
  return out;
}

/**
 * Indices of the skills one of whose URIs (SKILL.md and every file under its path) another skill
 * serves too, or is a folder of another skill's (a file `references` beside a skill at `…/references`).
 */
function clashes(skills: readonly EmitSkill[], paths: readonly string[]): Set<number> {
  const owner = new Map<string, number>();
  const folders = new Map<string, number>();
  const out = new Set<number>();
  const meet = (a: number | undefined, b: number) => void (a !== undefined && a !== b && out.add(a).add(b));
  skills.forEach((s, i) => {
    for (const rel of ["SKILL.md", ...s.files.map((f) => f.path)]) {
      const uri = paths[i] + "/" + rel.split("/").map(encodeURIComponent).join("/");
      meet(owner.get(uri), i);
      meet(folders.get(uri), i);
      owner.set(uri, i);
      for (let cut = uri.lastIndexOf("/"); cut > 0; cut = uri.lastIndexOf("/", cut - 1)) {
        const folder = uri.slice(0, cut);
        meet(owner.get(folder), i);
        // A folder met before has had the folders above it met too (as the directory tree does).
        if (folders.has(folder)) break;
        folders.set(folder, i);
      }
    }
  });
  return out;
}
