import { describe, expect, test } from "bun:test";
import { parseRange } from "../src/http/range";

describe("parseRange (RFC 9110 byte ranges)", () => {
  test("no header or an unknown unit means the whole file", () => {
    expect(parseRange(null, 1000)).toEqual({ kind: "whole" });
    expect(parseRange("items=0-5", 1000)).toEqual({ kind: "whole" });
  });
  test("a closed range", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
  });
  test("an open-ended range runs to the last byte", () => {
    expect(parseRange("bytes=900-", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
  });
  test("a suffix range takes the last N bytes, all of them when N exceeds the size", () => {
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
  });
  test("an end past the file is clipped to the last byte", () => {
    expect(parseRange("bytes=10-5000", 1000)).toEqual({ kind: "partial", start: 10, end: 999 });
  });
  test("a start at or past the end cannot be satisfied", () => {
    expect(parseRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
  });
  test("several ranges or a reversed range are ignored: the whole file is sent", () => {
    expect(parseRange("bytes=0-1,5-9", 1000)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=50-10", 1000)).toEqual({ kind: "whole" });
  });
});
