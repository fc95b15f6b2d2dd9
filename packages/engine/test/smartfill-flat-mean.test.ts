/**
 * A correction over a flat picture averaged with its border fill: the noise its gain amplified
 * is halved where the mark damps, and a frame whose picture is not flat keeps the correction.
 */
import { expect, test } from "bun:test";
import { flatMean, meanWithBorderFill } from "../src/smartfill/flat-mean";
import type { BlendCorrection } from "../src/smartfill/mark-offset";
import { createRng } from "./quality/prng";
import { at, HEIGHT, inside, WIDTH, window } from "./region-window";

/** The mark damps the region's left half (gain 2.5); the right half is spared (gain 1). */
const gain = Float32Array.from(inside, (set, i) => (set && i % WIDTH < 12 ? 2.5 : 1));
const correction: BlendCorrection = {
  width: WIDTH,
  height: HEIGHT,
  mean: 0,
  gain,
  offset: new Float32Array(WIDTH * HEIGHT),
};
const LEVEL = 120;

/** A flat picture at LEVEL, its damped pixels off by the amplified noise (about 2.5 levels). */
function correctedFlat(): Float32Array {
  const rng = createRng(7);
  return Float32Array.from(gain, (g) => (g > 1 ? LEVEL + 2.5 * (rng.range(-1, 1) * 1.7) : LEVEL));
}

const squaredError = (values: Float32Array, pixels: (i: number) => boolean) => {
  let sum = 0;
  let count = 0;
  values.forEach((value, i) => {
    if (!pixels(i)) return;
    sum += (value - LEVEL) ** 2;
    count++;
  });
  return sum / count;
};

test("over a flat picture, the damped pixels come closer; the spared ones are left", () => {
  const values = correctedFlat();
  const before = squaredError(values, (i) => (gain[i] as number) > 1);
  const spared = at(14, 8);
  expect(meanWithBorderFill(values, flatMean(window, correction), true)).toBe(true);
  const after = squaredError(values, (i) => (gain[i] as number) > 1);
  expect(after).toBeLessThan(before / 2);
  expect(values[spared]).toBe(LEVEL);
});

test("a frame whose picture strays from its border fill keeps its correction", () => {
  const values = correctedFlat();
  // Something bright passes beneath the mark: 60 levels over a third of the region, far over
  // FLAT_FRAME from anything its border says.
  for (let y = 6; y < 10; y++) for (let x = 8; x < 16; x++) values[at(x, y)] = LEVEL + 60;
  const kept = values.slice();
  expect(meanWithBorderFill(values, flatMean(window, correction), true)).toBe(false);
  expect(values).toEqual(kept);
  // Unchecked (a chroma plane, once luma said the frame is flat), it is averaged all the same.
  expect(meanWithBorderFill(values, flatMean(window, correction), false)).toBe(true);
  expect(values).not.toEqual(kept);
});
