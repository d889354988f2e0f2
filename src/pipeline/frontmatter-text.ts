// A skill's text up to the end of its frontmatter, for a check that reads the text of a skill a
// rebuild restored from the cache (it carries no text): read from the file again, only that far.
// Without it such a check would report on a cold run and stay silent on a warm one, and the output
// would depend on the cache.
import fs from "node:fs";
import path from "node:path";
import type { ParsedSkill, ValidSkillHead } from "../types.js";

/**
 * The skill's text (as skillc reads it: no BOM, every CRLF and lone CR a LF) at least up to its
 * frontmatter's end, or undefined when the file cannot be read now. A fresh skill's own text, else
 * the file's first bytes: `bodyOffset` UTF-16 units take at most 3 UTF-8 bytes each, plus a CR per
 * line and a BOM, so 4 × bodyOffset + 8 bytes hold them.
 */
export function frontmatterText(skill: ValidSkillHead): string | undefined {
  if ("text" in skill) return (skill as unknown as ParsedSkill).text;
  const want = 4 * skill.bodyOffset + 8;
  let fd: number | undefined;
  try {
    fd = fs.openSync(path.join(skill.source.absDir, skill.source.fileName), fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    if (!fs.fstatSync(fd).isFile()) return undefined;
    const buf = Buffer.alloc(want);
    const got = fs.readSync(fd, buf, 0, want, 0);
    // A cut inside a character decodes to U+FFFD at the very end, past the frontmatter.
    return buf.toString("utf8", 0, got).replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
