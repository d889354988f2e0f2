// Names Windows cannot hold as written. `import` refuses archive entries named so (archive/entries.ts);
// lint and build warn about supporting files named so (`unportable-file-name`, file-walk.ts).

/** What any unportable name holds: one of the characters, a trailing dot or space, or a device name's start. */
const MAYBE = /[:*?"<>|]|[. ]$|^(?:con|prn|aux|nul|com|lpt)/i;

/** Device names Windows reserves in every folder, with any extension (`nul.md` is the device too). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(\..*)?$/i;

/**
 * Why a name cannot be one file of that name on Windows: a character it refuses (`a:b.md` even
 * writes into an NTFS alternate data stream of `a`), a trailing dot or space (dropped: another file's
 * name), a device name. Undefined for a name every system keeps as it is.
 */
export function notPortable(name: string): string | undefined {
  // Most names hold none of these: one scan before the three tests (the walk asks for every name).
  if (!MAYBE.test(name)) return undefined;
  const bad = /[:*?"<>|]/.exec(name);
  if (bad) return `holds "${bad[0]}", which Windows does not allow in a name${bad[0] === ":" ? " (a colon writes into an NTFS alternate data stream)" : ""}`;
  if (/[. ]$/.test(name)) return "ends with a dot or a space, which Windows drops";
  if (WINDOWS_DEVICE.test(name)) return `is "${name.split(".")[0]}", a device name Windows reserves in every folder`;
  return undefined;
}
