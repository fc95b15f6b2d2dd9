import { describe, expect, test } from "bun:test";
import { setPixels } from "../src/pixel-masks";
import { fillFromAgreeingLines } from "../src/smartfill/agreeing-lines";
import { edgeLines } from "../src/smartfill/edge-fill";
import { createRng } from "./quality/prng";

const WIDTH = 96;
const HEIGHT = 80;
/** The hole: a box in the middle of the picture. */
const HOLE = { x0: 28, y0: 20, x1: 68, y1: 60 };

const mask = new Uint8Array(WIDTH * HEIGHT);
for (let y = HOLE.y0; y < HOLE.y1; y++) mask.fill(1, y * WIDTH + HOLE.x0, y * WIDTH + HOLE.x1);
const pixels = setPixels(mask);
const lines = edgeLines(WIDTH, HEIGHT, mask, pixels);

/** The hole of `truth` filled over `base`, and each filled pixel's error against the truth. */
function fill(truth: (x: number, y: number) => number, base: number) {
  const values = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) =>
    mask[i] ? 0 : truth(i % WIDTH, Math.floor(i / WIDTH)),
  );
  const filled = fillFromAgreeingLines(values, lines, new Float32Array(pixels.length).fill(base));
  const error = (k: number) => {
    const i = pixels[k] as number;
    return Math.abs((filled[k] as number) - truth(i % WIDTH, Math.floor(i / WIDTH)));
  };
  return { filled, error };
}

const meanOf = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const errors = (error: (k: number) => number) => Array.from(pixels, (_, k) => error(k));

describe("a hole filled from the lines across it whose ends agree", () => {
  test("a boundary across the hole: each side is filled from its own side, not greyed", () => {
    // A white wall left of a dark shirt, the boundary leaning a little; the base is what a
    // fill from the whole border gives far from it, the two sides' mean. Close to the
    // boundary no line agrees (it is the edge fill's to continue): the base stays there.
    const boundary = (y: number) => 46 + 0.2 * y;
    const truth = (x: number, y: number) => (x < boundary(y) ? 200 : 40);
    const { filled, error } = fill(truth, 120);
    expect(meanOf(errors(error))).toBeLessThan(0.4 * 80);
    pixels.forEach((i, k) => {
      const x = i % WIDTH;
      const y = Math.floor(i / WIDTH);
      if (x < boundary(y) - 10) expect(filled[k] as number).toBeGreaterThan(170);
      if (x > boundary(y) + 10) expect(filled[k] as number).toBeLessThan(70);
    });
  });

  test("over a gently changing picture the fill follows it", () => {
    // A ramp: the lines across it agree exactly, those along it less the longer they are.
    const truth = (x: number, y: number) => 60 + 1.2 * x + 0.5 * y;
    const { error } = fill(truth, 120);
    const baseError = meanOf(
      Array.from(pixels, (i) => Math.abs(120 - truth(i % WIDTH, Math.floor(i / WIDTH)))),
    );
    expect(meanOf(errors(error))).toBeLessThan(0.5 * baseError);
  });

  test("where no line's ends agree (coarse grain), the base fill stays", () => {
    const rng = createRng(11);
    const grain = Float32Array.from({ length: WIDTH * HEIGHT }, () =>
      rng.next() < 0.5 ? 20 : 230,
    );
    const { filled } = fill((x, y) => grain[y * WIDTH + x] as number, 100);
    // All but a few short lines across the hole's corners, whose ends agree by chance.
    const moved = Array.from(filled).filter((value) => Math.abs(value - 100) > 1);
    expect(moved.length).toBeLessThan(0.1 * filled.length);
  });
});
