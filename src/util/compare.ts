// Apart from paths.ts (which needs node:path) so that code bundled for any platform, such as the
// rule registry scripts/rules-doc.mjs loads, can sort with it.

/** Plain code-unit comparison: the same order on every machine and locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
