// An object spread that keeps accessors.

/** Objects with accessor properties that a spread would read (see extend). */
const WITH_ACCESSORS = new WeakSet<object>();

/** Marks `obj` as holding accessors that extend must keep (a restored skill's lazy text). */
export function keepAccessors<T extends object>(obj: T): T {
  WITH_ACCESSORS.add(obj);
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
  if (!WITH_ACCESSORS.has(base)) return { ...base, ...extra };
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
