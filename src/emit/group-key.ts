// The per-skill half of emit's output-group keys (emit/index.ts): each skill gives a group's key
// the SHA-1 of its fields there (what the group is rendered from), and the key is taken over those
// digests. A rebuild's reused skill is unchanged in all it shows (its line key covers its name,
// path, scope, rank and every byte of its folder; the config is the build cache's key), so its
// digests are the ones the build cache recorded with it: a warm build of 10,000 skills hashes the
// fields of the changed skills only, not ~20,000 arrays made and stringified for two keys.
import { hash } from "node:crypto";
import type { EmitSkill } from "../types.js";

/** The build cache's side (project/build-reuse.ts): a reused skill's recorded digest, and this build's, to record. */
export interface KeyParts {
  part(skill: EmitSkill, group: string): string | undefined;
  onPart(skill: EmitSkill, group: string, digest: string): void;
}

/** What a skill's entry in the catalogs is rendered from. */
export function catalogFields(s: EmitSkill): unknown {
  return [s.name, s.fields.description, s.fields.disableModelInvocation, s.fields.defaultEnabled, s.source.file, s.source.root.scope, s.source.root.precedence];
}

/** What a skill's types in index.d.ts are rendered from. */
export function typesFields(s: EmitSkill): unknown {
  return [s.name, s.source.file, s.source.dir, s.source.root.scope, s.fields.arguments, s.toolsets?.tools ?? null, s.files.map((f) => [f.path, f.binary])];
}

/** Every skill's digest for `group`, in order, as one string (40 hex digits a skill). */
export function skillParts(group: string, skills: readonly EmitSkill[], fields: (s: EmitSkill) => unknown, parts: KeyParts | undefined): string {
  const out: string[] = [];
  for (const s of skills) {
    let digest = parts?.part(s, group);
    if (digest === undefined) {
      digest = hash("sha1", JSON.stringify(fields(s)) ?? "null", "hex");
      parts?.onPart(s, group, digest);
    }
    out.push(digest);
  }
  return out.join("");
}
