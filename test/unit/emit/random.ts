// Seeded random strings for the emit differential tests, hostile characters over-represented.

export { rng } from "../../helpers/prng.js";

export const NASTY = ["\u2028", "\u2029", "\0", "\x01", "\x1f", "\x7f", "\n", "\r", "\t", "\b", "\f", '"', "\\", "'", "`", "${", "</script", "<!--", "\ud800", "\udc00", "\ud83d\ude00", "é", "\uffff", "\ufeff", "__proto__"];

export function randomString(r: () => number): string {
  let s = "";
  const n = Math.floor(r() * 12);
  for (let i = 0; i < n; i++) {
    const p = r();
    if (p < 0.4) s += NASTY[Math.floor(r() * NASTY.length)];
    else if (p < 0.7) s += String.fromCharCode(32 + Math.floor(r() * 95));
    else s += String.fromCharCode(Math.floor(r() * 0x10000));
  }
  return s;
}

