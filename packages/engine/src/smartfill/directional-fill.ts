/**
 * Fills the masked pixels of a window from the nearest known pixel in each of the four
 * directions, each weighted by the inverse of its distance: the box fill of FFmpeg's delogo
 * (see inverse-distance-fill.ts), for a mask of any shape. A mark's real outline is usually
 * well inside the box drawn around it, so its fill starts from closer, truer pixels.
 */

import { setPixels } from "../pixel-masks";

/** Where each masked pixel's fill comes from, computed once per mask. */
export type DirectionalTaps = {
  width: number;
  mask: Uint8Array;
  /** The masked pixels, in scan order. */
  pixels: Int32Array;
  /** Per masked pixel, four known pixels (west, east, north, south); -1 where there is none. */
  taps: Int32Array;
  /** Per tap, its weight (the inverse of its distance), 0 where there is none. */
  weights: Float32Array;
};

/** How many known pixels along each direction are averaged into a tap (a little less noise). */
const TAP_DEPTH = 2;

export function directionalTaps(width: number, height: number, mask: Uint8Array): DirectionalTaps {
  const pixels = setPixels(mask);
  const taps = new Int32Array(pixels.length * 4).fill(-1);
  const weights = new Float32Array(pixels.length * 4);
  const steps = [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ] as const;
  pixels.forEach((i, k) => {
    const x0 = i % width;
    const y0 = (i - x0) / width;
    steps.forEach(([dx, dy], side) => {
      let x = x0 + dx;
      let y = y0 + dy;
      let distance = 1;
      while (x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x]) {
        x += dx;
        y += dy;
        distance++;
      }
      if (x < 0 || y < 0 || x >= width || y >= height) return;
      taps[4 * k + side] = y * width + x;
      weights[4 * k + side] = 1 / distance;
    });
  });
  return { width, mask, pixels, taps, weights };
}

/**
 * The fill of each masked pixel (in the order of `pixels`), from `values`: the window's pixels,
 * the known ones already corrected. A tap is the mean of up to TAP_DEPTH known pixels going
 * outward, where they stay known. A pixel no tap reaches keeps its value.
 */
export function fillDirectional(values: Float32Array, from: DirectionalTaps): Float32Array {
  const { width, mask, pixels, taps, weights } = from;
  const strides = [-1, 1, -width, width];
  const filled = new Float32Array(pixels.length);
  for (let k = 0; k < pixels.length; k++) {
    let sum = 0;
    let total = 0;
    for (let side = 0; side < 4; side++) {
      const tap = taps[4 * k + side] as number;
      if (tap < 0) continue;
      const weight = weights[4 * k + side] as number;
      sum += weight * tapValue(values, mask, tap, strides[side] as number, side < 2, width);
      total += weight;
    }
    filled[k] = total > 0 ? sum / total : (values[pixels[k] as number] as number);
  }
  return filled;
}

/**
 * The mean of a membrane fill, read from `membraneFilled` at each of `pixels`, and the
 * directional fill `nearest` of the same pixels: the fill of a hole that nothing else continues
 * (unblend.ts), and what the thin plate must beat to take its place (bending-choice.ts).
 */
export function meanWithDirectional(
  membraneFilled: Float32Array,
  pixels: Int32Array,
  nearest: Float32Array,
): Float32Array {
  return nearest.map((value, k) => 0.5 * ((membraneFilled[pixels[k] as number] as number) + value));
}

function tapValue(
  values: Float32Array,
  mask: Uint8Array,
  tap: number,
  stride: number,
  horizontal: boolean,
  width: number,
): number {
  let sum = values[tap] as number;
  let count = 1;
  let at = tap;
  for (let d = 1; d < TAP_DEPTH; d++) {
    const next = at + stride;
    const sameRow = !horizontal || Math.floor(next / width) === Math.floor(at / width);
    if (next < 0 || next >= values.length || !sameRow || mask[next]) break;
    sum += values[next] as number;
    count++;
    at = next;
  }
  return sum / count;
}
