// XML escaping for catalogs and <skill_context> attributes: & < > " ' everywhere, so no name,
// description or path can open or close a tag.
const ENT: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ENT[c]);

/** Code-unit order (deterministic, unlike localeCompare). */
export const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
