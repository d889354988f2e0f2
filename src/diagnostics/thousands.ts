// A number with en-US digit grouping ("12,345"), the bytes Intl.NumberFormat("en-US") writes, without
// making one for an integer: a process's first Intl formatter loads ICU's locale data (~19 ms of its
// main thread, measured), and the rule catalogs that format their messages' numbers are loaded by
// every skillc process and worker, most of which never format a number at all.
let intl: Intl.NumberFormat | undefined;

/** `x` grouped by thousands as en-US writes it; a non-integer (or -0) through Intl itself. */
export function thousands(x: number): string {
  if (!Number.isSafeInteger(x) || Object.is(x, -0)) return (intl ??= new Intl.NumberFormat("en-US")).format(x);
  const digits = String(Math.abs(x));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += "," + digits.slice(i, i + 3);
  return x < 0 ? "-" + out : out;
}
