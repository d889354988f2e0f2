import { describe, expect, it } from "vitest";
import { groupShards, keyHash, ShardGrouper } from "../../../src/emit/shards.js";

const names = (n: number, prefix = "skill-") => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, "0")}`);
const opts = { every: 16, maxBytes: 10_000 };
const group = (items: string[], size = () => 100) => groupShards(items, (s) => s, size, opts);

describe("groupShards", () => {
  it("keeps every item once, in order, with no empty shard", () => {
    const items = names(1000);
    const shards = group(items);
    expect(shards.flat()).toEqual(items);
    expect(shards.every((s) => s.length > 0)).toBe(true);
    expect(shards.length).toBeGreaterThan(1000 / 16 / 3);
    expect(shards.length).toBeLessThan((1000 / 16) * 3);
  });

  it("cuts where the key hashes to 0 modulo `every`, or before passing maxBytes", () => {
    const items = names(500);
    for (const shard of group(items, () => 700)) {
      const bytes = shard.length * 700;
      expect(bytes <= opts.maxBytes).toBe(true);
      // Only the last item of a shard may be a content-defined boundary.
      for (const item of shard.slice(0, -1)) expect(keyHash(item) % 16).not.toBe(0);
    }
  });

  it("a record alone past maxBytes gets a shard of its own", () => {
    const sizes = new Map([["b", 50_000]]);
    const shards = groupShards(["a", "b", "c"], (s) => s, (s) => sizes.get(s) ?? 10, { every: 1 << 30, maxBytes: 1000 });
    expect(shards).toEqual([["a"], ["b"], ["c"]]);
  });

  it("changing one record changes at most the shards around it", () => {
    const before = group(names(2000));
    const items = names(2000);
    items.splice(1000, 1, "skill-01000-renamed");
    const after = group(items);
    const key = (s: string[]) => s.join("\n");
    const old = new Set(before.map(key));
    const changed = after.filter((s) => !old.has(key(s)));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(2);
  });

  it("an insertion near the start does not reshuffle the shards after it", () => {
    const items = names(2000);
    const before = group(items);
    const after = group(["skill-00000-a", ...items]);
    const old = new Set(before.map((s) => s.join("\n")));
    expect(after.filter((s) => !old.has(s.join("\n"))).length).toBeLessThanOrEqual(2);
  });

  it("is the same on every run (FNV-1a over code units)", () => {
    expect(keyHash("")).toBe(0x811c9dc5);
    expect(keyHash("a")).toBe(0xe40c292c);
  });
});

describe("ShardGrouper", () => {
  it("hands over each shard as soon as its last item is pushed, the shards groupShards makes", () => {
    const items = names(1000);
    const size = (s: string) => 100 + (keyHash(s) % 900);
    const grouper = new ShardGrouper<string>(opts);
    const shards: string[][] = [];
    items.forEach((item, i) => {
      for (const shard of grouper.push(item, item, size(item))) {
        // Streamed: a shard handed over holds nothing after the item just pushed.
        expect(shard.at(-1) === item || items.indexOf(shard.at(-1)!) === i - 1).toBe(true);
        shards.push(shard);
      }
    });
    shards.push(...grouper.finish());
    expect(shards.length).toBeGreaterThan(10);
    expect(shards).toEqual(groupShards(items, (s) => s, size, opts));
    expect(grouper.finish()).toEqual([]);
  });
});
