// A sound shortcut before recheck for the common trigger shape `\bworked in v?\d+\.\d+`: every
// unbounded repeat is of one character class and is followed by one mandatory character that the
// class cannot match (or ends the pattern, or comes before `$`). Such a repeat can stop at one place
// only, so each start position costs at most linear time and the whole match at most quadratic —
// the degree the ReDoS check allows. Patterns with repeated groups or `{…}` are not looked at.

/** A character atom at `i`: a literal, an escape, `.`, or a class; undefined for anything else. */
function atomAt(source: string, i: number): string | undefined {
  const c = source[i];
  if (c === undefined || "()|^$*+?{}".includes(c)) return undefined;
  if (c === "[") {
    let j = i + 1;
    for (; j < source.length && source[j] !== "]"; j++) if (source[j] === "\\") j++;
    return source.slice(i, j + 1);
  }
  if (c !== "\\") return c;
  const e = source.slice(i, i + 2);
  // Assertions, back-references and escapes of more than one character are not single atoms.
  if (/^\\[bB1-9kcxup0]/.test(e)) return undefined;
  return e;
}

const QUANT = /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/;

/** Whether no UTF-16 code unit matches both atoms (trigger patterns have no `u` flag). */
function disjoint(a: string, b: string, flags: string): boolean {
  const x = new RegExp(`^${a}$`, flags), y = new RegExp(`^${b}$`, flags);
  for (let c = 0; c < 0x10000; c++) {
    const s = String.fromCharCode(c);
    if (x.test(s) && y.test(s)) return false;
  }
  return true;
}

/** True when every unbounded repeat of `source` is of one atom and can end in one place only. */
export function deterministicLoops(source: string, flags: string): boolean {
  for (let i = 0; i < source.length; ) {
    if (source[i] === "(" && source[i + 1] === "?") {
      i += /^\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i))?.[0].length ?? 1;
      continue;
    }
    const atom = atomAt(source, i);
    if (!atom) {
      i++;
      continue;
    }
    const q = QUANT.exec(source.slice(i + atom.length))?.[0] ?? "";
    i += atom.length + q.length;
    if (!/^[*+]|,\}/.test(q)) continue; // not an unbounded repeat
    if (i === source.length || (source[i] === "$" && i + 1 === source.length)) continue;
    const next = atomAt(source, i);
    if (!next || QUANT.test(source.slice(i + next.length)) || !disjoint(atom, next, flags)) return false;
  }
  return true;
}
