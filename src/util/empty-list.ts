// An empty array that V8 gives a filled one's elements kind from the start (for strings or objects).
//
// V8 gives `[]` (and an empty array's `map` or `filter`) a small-integer elements kind, and an array
// of strings or objects another, so an empty array and a filled one have two array maps. Optimized
// code that met only one of them deoptimizes at the other and is compiled again. In a rebuild, the
// walk ahead (which inlines the file walk) met the first skill without supporting files only after
// it was optimized: at 10,000 skills it was compiled 4 times (~50-90 ms of the compiler's thread
// each) where once does; discovery's search, which pushes into arrays made empty, the same.
const TAGGED_KIND: unknown[] = [""];

/** A new, empty array with a filled one's array map (kept as strings or objects are pushed; not numbers). */
export function emptyList<T extends string | object>(): T[] {
  return TAGGED_KIND.slice(0, 0) as T[];
}
