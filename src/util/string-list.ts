// An empty list of strings that V8 gives a filled one's elements kind from the start.
//
// V8 gives `[]` (and an empty array's `map` or `filter`) a small-integer elements kind, and a list of
// strings another, so an empty list and a filled one have two array maps. Optimized code that met only
// one of them deoptimizes at the other and is compiled again. In a rebuild, the walk ahead (which
// inlines the file walk) met the first skill without supporting files only after it was optimized:
// at 10,000 skills it was compiled 4 times (~50-90 ms of the compiler's thread each) where once does.
const STRINGS_KIND = [""];

/** A new, empty string list with a filled one's array map (it keeps that map as strings are pushed). */
export function stringList(): string[] {
  return STRINGS_KIND.slice(0, 0);
}
