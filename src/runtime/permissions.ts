// Allow/deny by skill name: one rule for the runtime and for the build's catalog files.

const anyOf = (globs: string[]) =>
  globs.length ? new RegExp(`^(?:${globs.map((g) => g.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")).join("|")})$`) : null;

/** A test for skill names: deny wins; an empty allow list allows every name; `*` matches anything. */
export function permits(allow: string[], deny: string[]): (name: string) => boolean {
  const a = anyOf(allow), d = anyOf(deny);
  return (name) => !d?.test(name) && (!a || a.test(name));
}
