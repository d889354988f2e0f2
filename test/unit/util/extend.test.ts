// extend (src/util/extend.ts): a spread for plain objects; for objects marked keepAccessors, exactly
// what copying every own property's descriptor would make (keys in order, accessors kept, attributes).
import { describe, expect, it } from "vitest";
import { extend, keepAccessors } from "../../../src/util/extend.js";

/** Each own key with its descriptor's shape: a data value, or an accessor (the same getter). */
function shape(o: object): unknown[] {
  return Reflect.ownKeys(o).map((k) => {
    const d = Object.getOwnPropertyDescriptor(o, k)!;
    return [k, "value" in d ? ["value", d.value, d.writable] : ["accessor", d.get, d.set], d.enumerable, d.configurable];
  });
}

const byDescriptors = (base: object, extra: object) => Object.defineProperties(Object.defineProperties({}, Object.getOwnPropertyDescriptors(base)), Object.getOwnPropertyDescriptors(extra));

function marked(): Record<string | symbol, unknown> {
  let text = "decoded";
  const o: Record<string | symbol, unknown> = { a: 1, text: "", b: "two" };
  Object.defineProperty(o, "text", { get: () => text, set: (v: string) => void (text = v), enumerable: true, configurable: true });
  Object.defineProperty(o, "hidden", { value: 3, enumerable: false, writable: false, configurable: true });
  o[Symbol.for("s")] = 4;
  Object.defineProperty(o, "__proto__", { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
  return keepAccessors(o);
}

describe("extend", () => {
  it("copies a marked object's properties as their descriptors would, accessors kept, and stays marked", () => {
    for (const extra of [{ name: "n" }, { b: "over", text: "data now" }, { a: undefined }, { hidden: 5 }]) {
      const base = marked();
      const got = extend(base, extra);
      expect(shape(got)).toEqual(shape(byDescriptors(base, extra)));
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(extend(got, {}), "text")?.get !== undefined).toBe(!("text" in extra));
    }
  });

  it("spreads an unmarked object (reading its accessors)", () => {
    const o = { a: 1 };
    Object.defineProperty(o, "t", { get: () => "read", enumerable: true });
    expect(Object.getOwnPropertyDescriptor(extend(o, { b: 2 }), "t")).toEqual({ value: "read", writable: true, enumerable: true, configurable: true });
  });
});
