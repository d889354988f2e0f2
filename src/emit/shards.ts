// Content-defined grouping for the split layout's sharded files (metadata modules, manifest and
// type shards): the many small records of a large skill set go into files of bounded size, and a
// rebuild that changes one record rewrites one shard, not every shard after it. A boundary falls
// after a record whose key hashes to 0 modulo `every` (so boundaries move only where records
// change, like rsync's rolling checksum picks them), or where the next record would push the
// shard past `maxBytes` (so no shard grows without bound on unlucky keys).

export interface ShardOptions {
  /** The mean records per shard on content-defined boundaries (a power of two is customary). */
  every: number;
  /** No shard's summed size passes this, unless one record alone does. */
  maxBytes: number;
}

/** FNV-1a over the key's UTF-16 code units: cheap, deterministic on every machine. */
export function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Groups `items`, in their order, into shards (none empty). One pass, linear in the items; the
 * result depends only on the keys and sizes, never on the machine or the previous build.
 */
export function groupShards<T>(items: readonly T[], keyOf: (item: T) => string, sizeOf: (item: T) => number, options: ShardOptions): T[][] {
  const shards: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (current.length > 0 && bytes + size > options.maxBytes) {
      shards.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
    if (keyHash(keyOf(item)) % options.every === 0) {
      shards.push(current);
      current = [];
      bytes = 0;
    }
  }
  if (current.length > 0) shards.push(current);
  return shards;
}
