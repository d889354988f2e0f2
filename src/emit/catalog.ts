// catalog.xml / catalog.md / catalog.json: the runtime's own renderCatalog over the skills the
// model may see, so the build's catalog and `skills.catalog()` can never disagree.
import type { CompiledSkill } from "../types.js";
import type { CatalogFormat } from "../runtime/data.js";
import { renderCatalog, type CatalogEntry } from "../runtime/catalog.js";

export const CATALOG_FILES: ReadonlyArray<[file: string, format: CatalogFormat]> = [
  ["catalog.json", "json"],
  ["catalog.md", "markdown"],
  ["catalog.xml", "xml"],
];

export interface CatalogOutput {
  files: Array<[string, string]>;
  /** For the configured format: the names whose description was cut, and the names left out. */
  shortened: string[];
  dropped: string[];
}

export function renderCatalogs(
  skills: CompiledSkill[],
  opts: { format: CatalogFormat; budget: number; permissions: { allow: string[]; deny: string[] } },
): CatalogOutput {
  const entries: CatalogEntry[] = skills
    .filter((s) => !s.fields.disableModelInvocation && permitted(s.name, opts.permissions))
    .map((s) => ({ name: s.name, description: s.fields.description, location: s.source.file, scope: s.source.root.scope, rank: s.source.root.precedence }));
  const out: CatalogOutput = { files: [], shortened: [], dropped: [] };
  for (const [file, format] of CATALOG_FILES) {
    const r = renderCatalog(entries, { format, budget: opts.budget });
    out.files.push([file, r.text]);
    if (format === opts.format) {
      out.shortened = [...r.shortened];
      out.dropped = [...r.dropped];
    }
  }
  return out;
}

/** Deny wins; an empty allow list allows every name; `*` matches anything. The runtime's rule (src/runtime/skills.ts). */
export function permitted(name: string, perms: { allow: string[]; deny: string[] }): boolean {
  const hit = (glob: string) => new RegExp("^" + glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*") + "$").test(name);
  if (perms.deny.some(hit)) return false;
  return perms.allow.length === 0 || perms.allow.some(hit);
}
