// A seeded xorshift for tests: the same "random" cases (strings, delays) on every run.

/** Numbers in [0, 1) from `seed`, the same sequence every time. */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
