// `target.push(...items)` passes every item as an argument on the stack: past ~100,000 items (a
// 1 MiB SKILL.md of 130,000 broken links gives as many diagnostics) it throws "Maximum call stack
// size exceeded", an internal error. A loop has no such limit.

/** Appends `items` to `target` (as push(...items) does, for any number of items); returns `target`. */
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i]!);
  return target;
}
