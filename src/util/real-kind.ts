// What a path leads to, as a run record keeps it for a root or a link (project/replay.ts).
import fs from "node:fs";

/**
 * The path's real path after the kind of what is there ("d" a folder, "f" a file, "o" any other),
 * or, when it does not resolve, "!" and the error's code. The kind as well: a file replaced by a
 * folder keeps its real path, and discovery reports the one (or passes it by) and searches the
 * other; what is behind a link discovery does not read (a link to a file among skill folders) has
 * no print of its own. The code as well: the warning for a link that cannot be followed names it
 * (ENOENT, ELOOP, EACCES), and a link behind it can turn the one into the other.
 */
export function realWithKind(p: string): string {
  try {
    const real = fs.realpathSync(p);
    const st = fs.statSync(real);
    return (st.isDirectory() ? "d" : st.isFile() ? "f" : "o") + real;
  } catch (e) {
    return "!" + String((e as NodeJS.ErrnoException).code ?? "");
  }
}
