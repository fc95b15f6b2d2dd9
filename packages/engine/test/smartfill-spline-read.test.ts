/**
 * Cubic B-spline sampling: a flat or sloping picture is read as it is anywhere, a lone pixel is
 * smoothed alike wherever between pixels it is read, and the image's edge is repeated past it.
 */
import { expect, test } from "bun:test";
import { bilinearTap, placeTap, readTap } from "../src/smartfill/bilinear";
import { readSpline } from "../src/smartfill/spline-read";

const WIDTH = 9;
const HEIGHT = 7;
const image = (at: (x: number, y: number) => number) => {
  const values = new Float32Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) values[y * WIDTH + x] = at(x, y);
  return values;
};
const POINTS = [
  [4, 3],
  [4.25, 3],
  [4.5, 3.5],
  [3.9, 2.2],
];

test("a flat picture and a slope are read as they are, between pixels too", () => {
  const flat = image(() => 77);
  const slope = image((x, y) => 10 + 3 * x - 2 * y);
  for (const [x, y] of POINTS as [number, number][]) {
    expect(readSpline(flat, WIDTH, HEIGHT, x, y)).toBeCloseTo(77, 9);
    expect(readSpline(slope, WIDTH, HEIGHT, x, y)).toBeCloseTo(10 + 3 * x - 2 * y, 9);
  }
});

test("a lone pixel is read at 4/9 of its height on it, and with one sharpness wherever read", () => {
  const spot = image((x, y) => (x === 4 && y === 3 ? 90 : 0));
  expect(readSpline(spot, WIDTH, HEIGHT, 4, 3)).toBeCloseTo(40, 9);
  // Read on a grid of points a pixel apart, the spot adds up to itself wherever the grid falls.
  const tap = bilinearTap();
  for (const offset of [0, 0.25, 0.5]) {
    let spline = 0;
    let peakSpline = 0;
    let peakBilinear = 0;
    for (let x = 2; x <= 6; x++) {
      for (let y = 1; y <= 5; y++) {
        const value = readSpline(spot, WIDTH, HEIGHT, x + offset, y + offset);
        spline += value;
        peakSpline = Math.max(peakSpline, value);
        placeTap(tap, WIDTH, HEIGHT, x + offset, y + offset);
        peakBilinear = Math.max(peakBilinear, readTap(spot, WIDTH, tap));
      }
    }
    expect(spline).toBeCloseTo(90, 9);
    // Bilinear reads the spot whole on the pixel and a quarter of it halfway; the spline's peak
    // stays between 40 (on the pixel) and 20.7 (halfway: 90 times (23/48) squared).
    expect(peakBilinear).toBeCloseTo(offset === 0 ? 90 : 90 * (1 - offset) ** 2, 9);
    expect(peakSpline).toBeGreaterThanOrEqual(90 * (23 / 48) ** 2 - 1e-9);
    expect(peakSpline).toBeLessThanOrEqual(40 + 1e-9);
  }
});

test("past the edge the edge's pixels are repeated, and nothing is read from the next row", () => {
  const rows = image((_, y) => 10 * y);
  expect(readSpline(rows, WIDTH, HEIGHT, 0, 0)).toBeCloseTo(10 / 6, 9);
  expect(readSpline(rows, WIDTH, HEIGHT, WIDTH - 1, 0)).toBeCloseTo(10 / 6, 9);
  expect(readSpline(rows, WIDTH, HEIGHT, WIDTH - 1, 3)).toBeCloseTo(30, 9);
  const columns = image((x) => (x === WIDTH - 1 ? 60 : 0));
  // On the last column: its own pixel and the one past it (itself) weigh 4/6 + 1/6.
  expect(readSpline(columns, WIDTH, HEIGHT, WIDTH - 1, 3)).toBeCloseTo(50, 9);
  expect(readSpline(columns, WIDTH, HEIGHT, 0, 3)).toBeCloseTo(0, 9);
});
