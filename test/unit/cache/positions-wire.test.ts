import { describe, expect, it } from "vitest";
import { decodeEntry, decodePositions, encodeEntryArray, encodePositions } from "../../../src/pipeline/positions-wire.js";
import type { NodePositions } from "../../../src/types.js";

const r = (line: number, column: number, endLine: number, endColumn: number) => ({ line, column, endLine, endColumn });

describe("positions as the cache records hold them", () => {
  it("round-trip, in the same order, pointers of any text included", () => {
    const positions: NodePositions = {
      "": { value: r(2, 1, 9, 17) },
      "/name": { key: r(2, 1, 2, 5), value: r(2, 7, 2, 22) },
      '/we"ird\\key\t\u2028/~1x': { key: r(3, 1, 3, 9), value: r(3, 11, 3, 12) },
      "/metadata/author": { key: r(6, 3, 6, 9), value: r(6, 11, 6, 23) },
    };
    const json = encodePositions(positions);
    const back = decodePositions(JSON.parse(json));
    expect(back).toEqual(positions);
    expect(Object.keys(back!)).toEqual(Object.keys(positions));
    expect(JSON.stringify(back)).toBe(JSON.stringify(positions));
    expect(encodePositions({})).toBe("{}");
    expect(decodeEntry(encodeEntryArray(positions["/name"]!))).toEqual(positions["/name"]);
  });

  it("read anything else as no positions: the nested objects of before, wrong lengths or numbers", () => {
    expect(decodePositions({ "/name": { key: r(2, 1, 2, 5), value: r(2, 7, 2, 22) } })).toBeUndefined();
    expect(decodePositions({ "/name": [1, 2, 3] })).toBeUndefined();
    expect(decodePositions({ "/name": [1, 2, 3, 4, 5] })).toBeUndefined();
    expect(decodePositions({ "/name": [0, 1, 1, 1] })).toBeUndefined();
    expect(decodePositions({ "/name": [1.5, 1, 1, 1] })).toBeUndefined();
    expect(decodePositions({ "/name": [1, 1, 1, 2 ** 31] })).toBeUndefined();
    expect(decodePositions({ "/name": ["1", 1, 1, 1] })).toBeUndefined();
    expect(decodePositions(JSON.parse('{"__proto__":[1,1,1,1]}'))).toBeUndefined();
    expect(decodePositions([[1, 1, 1, 1]])).toBeUndefined();
    expect(decodePositions(null)).toBeUndefined();
    expect(decodePositions({})).toEqual({});
  });
});
