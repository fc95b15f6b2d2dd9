import { expect, test } from "bun:test";
import { withHoles } from "../src/pixel-masks";

/** A mask from rows of "#" (set) and "." (not). */
const maskOf = (rows: string[]) => Uint8Array.from(rows.join(""), (c) => (c === "#" ? 1 : 0));
const rowsOf = (mask: Uint8Array, width: number) =>
  Array.from({ length: mask.length / width }, (_, y) =>
    Array.from(mask.subarray(y * width, (y + 1) * width), (v) => (v ? "#" : ".")).join(""),
  );

test("the pixels a mask cuts off from the edge are added; those joined to it are not", () => {
  const rows = [
    ".........", //
    ".###.###.",
    ".#.#.#...",
    ".###.###.",
    ".........",
  ];
  expect(rowsOf(withHoles(maskOf(rows), 9, 5), 9)).toEqual([
    ".........", //
    ".###.###.",
    ".###.#...",
    ".###.###.",
    ".........",
  ]);
});

test("a mask touching the edge closes what it cuts off there too", () => {
  const rows = ["#.#", "###", "..."];
  expect(rowsOf(withHoles(maskOf(rows), 3, 3), 3)).toEqual(["#.#", "###", "..."]);
  expect(rowsOf(withHoles(maskOf(["###", "#.#", "###"]), 3, 3), 3)).toEqual(["###", "###", "###"]);
});
