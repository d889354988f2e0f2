// thousands() writes what Intl.NumberFormat("en-US") writes, for every kind of number the messages
// format: checked against Intl itself over edges and a property run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { thousands } from "../../../src/diagnostics/thousands.js";

const intl = new Intl.NumberFormat("en-US");

describe("thousands", () => {
  it.each([0, -0, 1, 9, 10, 99, 100, 999, 1000, 1024, 9999, 10000, 12345, 100000, 999999, 1000000, 5000, -1, -999, -1000, -1234567, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 1e21, 0.5, 1234.5678, -0.001, NaN, Infinity, -Infinity])(
    "%s as Intl writes it",
    (x) => expect(thousands(x)).toBe(intl.format(x)),
  );

  it("agrees with Intl on any integer and double", () => {
    fc.assert(fc.property(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.maxSafeInteger(), fc.double()), (x) => thousands(x) === intl.format(x)), { numRuns: 2000, seed: 7 });
  });
});
