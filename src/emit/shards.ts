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
  const grouper = new ShardGrouper<T>(options);
  const shards: T[][] = [];
  for (const item of items) shards.push(...grouper.push(item, keyOf(item), sizeOf(item)));
  shards.push(...grouper.finish());
  return shards;
}

/**
 * groupShards one item at a time, for a caller that renders each shard as soon as it is complete
 * and lets it go before the next (the boundaries depend only on the items before them).
 */
export class ShardGrouper<T> {
  private current: T[] = [];
  private bytes = 0;
  constructor(private readonly options: ShardOptions) {}

  /** Adds an item; returns the shards it completes (none, one, or two when it both overflows the open shard and ends its own). */
  push(item: T, key: string, size: number): T[][] {
    const done: T[][] = [];
    if (this.current.length > 0 && this.bytes + size > this.options.maxBytes) done.push(this.take());
    this.current.push(item);
    this.bytes += size;
    if (keyHash(key) % this.options.every === 0) done.push(this.take());
    return done;
  }

  /** The last shard, if it holds anything. */
  finish(): T[][] {
    return this.current.length > 0 ? [this.take()] : [];
  }

  private take(): T[] {
    const shard = this.current;
    this.current = [];
    this.bytes = 0;
    return shard;
  }
}
