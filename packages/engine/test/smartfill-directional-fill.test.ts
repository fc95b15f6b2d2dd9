import { describe, expect, test } from "bun:test";
import { directionalTaps, fillDirectional } from "../src/smartfill/directional-fill";

const WIDTH = 24;
const HEIGHT = 16;

/** A mask of the pixels with x0 <= x < x1 and y0 <= y < y1. */
function boxMask(x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const mask = new Uint8Array(WIDTH * HEIGHT);
  for (let y = y0; y < y1; y++) mask.fill(1, y * WIDTH + x0, y * WIDTH + x1);
  return mask;
}

function picture(value: (x: number, y: number) => number): Float32Array {
  return Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) =>
    value(i % WIDTH, Math.floor(i / WIDTH)),
  );
}

function fill(values: Float32Array, mask: Uint8Array): Float32Array {
  const taps = directionalTaps(WIDTH, HEIGHT, mask);
  const out = values.slice();
  fillDirectional(values, taps).forEach((value, k) => {
    out[taps.pixels[k] as number] = value;
  });
  return out;
}

describe("directional fill of a mask", () => {
  test("a horizontal ramp comes back within half its step, and no unmasked pixel changes", () => {
    const mask = boxMask(6, 4, 18, 12);
    // An irregular mask too: a notch cut out of the box.
    for (let y = 4; y < 7; y++) mask.fill(0, y * WIDTH + 10, y * WIDTH + 13);
    const ramp = picture((x) => 40 + 5 * x);
    const filled = fill(
      picture(() => 0).map((_, i) => (mask[i] ? 255 : (ramp[i] as number))),
      mask,
    );
    for (let i = 0; i < filled.length; i++) {
      if (!mask[i]) expect(filled[i]).toBe(ramp[i] as number);
      else expect(Math.abs((filled[i] as number) - (ramp[i] as number))).toBeLessThanOrEqual(2.5);
    }
  });

  test("each side weighs by the inverse of its distance", () => {
    // Left of the mask is 0, right of it 90, rows above and below follow the same split.
    const mask = boxMask(4, 0, 8, HEIGHT);
    const values = picture((x) => (x < 4 ? 0 : x >= 8 ? 90 : 255));
    const filled = fill(values, mask);
    // Column 4 is 1 from the left side and 4 from the right: (0 / 1 + 90 / 4) / (1 + 1 / 4).
    expect(filled[4]).toBeCloseTo(18, 5);
    expect(filled[7]).toBeCloseTo(72, 5);
  });

  test("a mask on the window's edge takes only the sides that exist", () => {
    const mask = boxMask(0, 0, 6, 6);
    const values = picture((x, y) => (x >= 6 ? 100 : y >= 6 ? 20 : 255));
    const filled = fill(values, mask);
    // Corner pixel (0, 0): right side 6 away at 100, bottom 6 away at 20.
    expect(filled[0]).toBeCloseTo(60, 5);
  });
});
