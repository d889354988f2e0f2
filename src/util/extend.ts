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
  const out = Object.defineProperties({}, Object.getOwnPropertyDescriptors(base));
  return keepAccessors(Object.defineProperties(out, Object.getOwnPropertyDescriptors(extra)) as T & U);
}
