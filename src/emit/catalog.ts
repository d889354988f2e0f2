// catalog.xml / catalog.md / catalog.json: the runtime's own renderCatalog over the skills the
// model may see, so the build's catalog and `skills.catalog()` can never disagree.
import type { EmitSkill } from "../types.js";
import type { CatalogFormat } from "../runtime/data.js";
import { renderCatalog, type CatalogEntry } from "../runtime/catalog.js";
import { permits } from "../runtime/permissions.js";

export const CATALOG_FILES: ReadonlyArray<[file: string, format: CatalogFormat]> = [
  ["catalog.json", "json"],
  ["catalog.md", "markdown"],
  ["catalog.xml", "xml"],
];

export interface CatalogOutput {
  files: Array<[string, string]>;
  /** The catalog in the configured format (codelia too, which has no file of its own). */
  text: string;
  /** For the configured format: the names whose description was cut, and the names left out. */
  shortened: string[];
  dropped: string[];
}

export function renderCatalogs(
  skills: EmitSkill[],
  opts: { format: CatalogFormat; budget: number; permissions: { allow: string[]; deny: string[] } },
): CatalogOutput {
  const permitted = permits(opts.permissions.allow, opts.permissions.deny);
  const entries: CatalogEntry[] = skills
    // A `default_enabled: false` skill is in no catalog until a host enables it at run time.
    .filter((s) => !s.fields.disableModelInvocation && s.fields.defaultEnabled && permitted(s.name))
    .map((s) => ({ name: s.name, description: s.fields.description, location: s.source.file, scope: s.source.root.scope, rank: s.source.root.precedence }));
  const out: CatalogOutput = { files: [], text: "", shortened: [], dropped: [] };
  for (const [file, format] of CATALOG_FILES) {
    const r = renderCatalog(entries, { format, budget: opts.budget });
    out.files.push([file, r.text]);
    if (format === opts.format) Object.assign(out, { text: r.text, shortened: [...r.shortened], dropped: [...r.dropped] });
  }
  // A format without a file of its own (codelia) is what skills.catalog() renders: report on it too.
  if (!CATALOG_FILES.some(([, f]) => f === opts.format)) {
    const r = renderCatalog(entries, { format: opts.format, budget: opts.budget });
    Object.assign(out, { text: r.text, shortened: r.shortened, dropped: r.dropped });
  }
  return out;
}
