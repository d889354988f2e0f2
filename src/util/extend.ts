// An object spread that keeps accessors.

/**
 * The mark of an object whose accessor properties a spread would read (see extend): an own,
 * non-enumerable property, so that a spread, JSON and deep-equality leave it out and extend's copy
 * keeps it. A WeakSet of the marked objects cost a lint's main thread ~30 ms per 10,000 restored skills.
 */
const WITH_ACCESSORS = Symbol("skillc.keepAccessors");

/** Marks `obj` as holding accessors that extend must keep (a restored skill's lazy text). */
export function keepAccessors<T extends object>(obj: T): T {
  if (!Object.hasOwn(obj, WITH_ACCESSORS)) Object.defineProperty(obj, WITH_ACCESSORS, { value: true, configurable: true });
  return obj;
}

/**
 * `{ ...base, ...extra }`, except that a base marked with keepAccessors keeps its accessors as
 * accessors (and the result stays marked): a spread reads them. A skill restored from a worker or the
 * cache decodes its text only when it is read (pipeline/analyze-text.ts restoreParsed), and a spread
 * in a later stage would read it for nothing. Unmarked objects are spread: copying descriptors costs
 * ~10× a spread.
 */
export function extend<T extends object, U extends object>(base: T, extra: U): T & U {
  if (!Object.hasOwn(base, WITH_ACCESSORS)) return { ...base, ...extra };
  const out = {};
  copyOwn(out, base, false);
  copyOwn(out, extra, true);
  return keepAccessors(out as T & U);
}

/**
 * Object.defineProperties(out, Object.getOwnPropertyDescriptors(from)), in the same key order, with
 * plain data properties assigned: defining every one kept the result out of V8's fast properties and
 * cost resolve ~3× as much at 10,000 restored skills. Accessors, odd attributes, `__proto__` and a key
 * that `out` already holds as anything but plain data are defined as before.
 */
function copyOwn(out: object, from: object, over: boolean): void {
  for (const key of Reflect.ownKeys(from)) {
    const d = Object.getOwnPropertyDescriptor(from, key)!;
    // `over`: `out` may hold the key already (else it is empty, or holds only other keys of `from`).
    const mine = over ? Object.getOwnPropertyDescriptor(out, key) : undefined;
    const plain = "value" in d && d.writable && d.enumerable && d.configurable && key !== "__proto__" && (mine === undefined || ("value" in mine && mine.writable && mine.enumerable && mine.configurable));
    if (plain) (out as Record<PropertyKey, unknown>)[key] = d.value;
    else Object.defineProperty(out, key, d);
  }
}
