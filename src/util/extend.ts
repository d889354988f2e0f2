// An object spread that keeps accessors.

/**
 * `{ ...base, ...extra }`, except that accessor properties stay accessors: a spread reads them. A
 * skill restored from a worker or the cache decodes its text only when it is read
 * (pipeline/analyze-text.ts restoreParsed), and a spread in a later stage would read it for nothing.
 */
export function extend<T extends object, U extends object>(base: T, extra: U): T & U {
  const out = Object.defineProperties({}, Object.getOwnPropertyDescriptors(base));
  return Object.defineProperties(out, Object.getOwnPropertyDescriptors(extra)) as T & U;
}
