// Names, scopes and collisions: ValidSkill[] → ResolvedSkill[]. Rules: design.md §5 "Names and collisions".
//
// Decisions:
//  - Names: `fields.name`; with `namespaces`, a nested skill is `<parent folders joined by ":">:<fields.name>`
//    (relDir "tools/git/commit" with name "commit" → "tools:git:commit").
//  - Names are compared after NFC and lower-casing. Inside one root, an exact repeat is `duplicate-name` and
//    a repeat differing only by case/normalization is `name-clash-normalization`; both are errors reported on
//    every file involved, and the first skill by relDir is kept (so later stages can still lint it; a build
//    with an error writes nothing anyway). Across roots, such names are the same name for the policy.
//  - Across roots: `override` keeps the highest-precedence skill and warns on it (`collision-override`),
//    `error` drops every skill involved with an error on each (`collision-error`), `keep` keeps them all.
//    The policy decides what is kept; rule settings only decide what is reported.
//  - Deterministic: inputs are sorted by (root precedence, root dir, relDir, file) first; outputs are sorted.
import type { Collision, CollisionPolicy, Diagnostic, Profile, RuleSetting, ValidSkill, ValidSkillHead } from "../types.js";
import type { RuleMeta } from "../diagnostics/rule.js";
import { compareDiagnostics } from "../diagnostics/rule.js";
import { Reporter } from "../diagnostics/reporter.js";
import { compareCodeUnits } from "../util/compare.js";
import { COLLISION_ERROR, COLLISION_OVERRIDE, DUPLICATE_NAME, NAME_CLASH_NORMALIZATION } from "../rules/build-rules.js";
import { extend } from "../util/extend.js";
import { pushAll } from "../util/push-all.js";
import { foldName } from "../util/fold-name.js";

export interface ResolveOptions {
  collisions: CollisionPolicy;
  namespaces: boolean;
  settings: Record<string, RuleSetting>;
  profile: Profile;
}

/** A skill with its name resolved: a ResolvedSkill, or a reused skill's head (types.ts). */
export type Named<S extends ValidSkillHead> = S & { name: string };

export interface ResolveResult<S extends ValidSkillHead = ValidSkill> {
  /** Sorted by name, then SKILL.md path. */
  skills: Array<Named<S>>;
  /** One per name found in more than one root, sorted by name. */
  collisions: Collision[];
  diagnostics: Diagnostic[];
}

/** The name lookups use: `fields.name`, prefixed by the parent folders when namespaces are on. */
export function skillName(skill: ValidSkillHead, namespaces: boolean): string {
  const parents = skill.source.relDir.split("/").slice(0, -1).filter((p) => p && p !== ".");
  return namespaces && parents.length ? `${parents.join(":")}:${skill.fields.name}` : skill.fields.name;
}

/** Names that people and case-insensitive file systems cannot tell apart get one key. */
export function nameKey(name: string): string {
  return foldName(name);
}

function compareSources(a: ValidSkillHead, b: ValidSkillHead): number {
  const s = a.source;
  const t = b.source;
  return s.root.precedence - t.root.precedence || compareCodeUnits(s.root.dir, t.root.dir) || compareCodeUnits(s.relDir, t.relDir) || compareCodeUnits(s.file, t.file);
}

function groupBy<T>(items: T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}


/** Resolves names and settles collisions; reads nothing of a skill but its frontmatter and source. */
export function resolveSkills<S extends ValidSkillHead>(skills: S[], opts: ResolveOptions): ResolveResult<S> {
  const diagnostics: Diagnostic[] = [];
  const reporter = new Reporter(opts);
  // Every finding sits on the skill's `name` (its key), or the file's start when it has none.
  const report = <P>(skill: ValidSkillHead, rule: RuleMeta<P>, params: P) => {
    const pos = skill.positions["/name"];
    reporter.to(diagnostics, skill.source.file)(rule, pos ? (pos.key ?? pos.value) : { line: 1, column: 1 }, params);
  };

  const all = skills.map((s): Named<S> => extend(s, { name: skillName(s, opts.namespaces) })).sort(compareSources); // not a spread: see extend

  // Within one root: keep the first of each name key, report every file of a clash.
  const survivors: Array<Named<S>> = [];
  for (const group of groupBy(all, (s) => `${s.source.root.precedence}\0${s.source.root.dir}\0${nameKey(s.name)}`)) {
    survivors.push(group[0]);
    if (group.length < 2) continue;
    const paths = group.map((s) => s.source.file);
    const root = group[0].source.root.dir;
    const exact = group.every((s) => s.name === group[0].name), names = exact ? [] : [...new Set(group.map((g) => g.name))];
    for (const s of group) {
      const others = paths.filter((p) => p !== s.source.file);
      if (exact) {
        report(s, DUPLICATE_NAME, { name: s.name, others, root });
      } else {
        report(s, NAME_CLASH_NORMALIZATION, { name: s.name, others, root, names });
      }
    }
  }

  // Across roots: at most one skill per root and key is left; the collisions policy settles the rest.
  const kept: Array<Named<S>> = [];
  const collisions: Collision[] = [];
  for (const group of groupBy(survivors, (s) => nameKey(s.name))) {
    if (group.length < 2) {
      kept.push(group[0]);
      continue;
    }
    const paths = group.map((s) => s.source.file);
    const winner = group[group.length - 1];
    const spelled = [...new Set(group.map((s) => s.name))];
    const collision: Collision = { name: winner.name, policy: opts.collisions, paths };
    if (opts.collisions === "override") {
      collision.winner = winner.source.file;
      kept.push(winner);
      report(winner, COLLISION_OVERRIDE, { name: winner.name, file: winner.source.file, scope: winner.source.root.scope, shadowed: paths.slice(0, -1), spelled });
    } else if (opts.collisions === "error") {
      for (const s of group) {
        report(s, COLLISION_ERROR, { name: s.name, others: paths.filter((p) => p !== s.source.file), spelled });
      }
    } else {
      pushAll(kept, group);
    }
    collisions.push(collision);
  }

  kept.sort((a, b) => compareCodeUnits(a.name, b.name) || compareCodeUnits(a.source.file, b.source.file));
  collisions.sort((a, b) => compareCodeUnits(a.name, b.name) || compareCodeUnits(a.paths[0], b.paths[0]));
  diagnostics.sort(compareDiagnostics);
  return { skills: kept, collisions, diagnostics };
}
