/**
 * The thin-plate fill carries a picture's slopes across a hole where the membrane fill flattens
 * them, and is chosen only where a band held out around the hole says the slopes carry on.
 */
import { expect, test } from "bun:test";
import { setPixels } from "../src/pixel-masks";
import { prefersBending } from "../src/smartfill/bending-choice";
import { bendingFill, createBentFill, REFRESH, solveBending } from "../src/smartfill/bending-fill";
import { membrane, relaxMembrane } from "../src/smartfill/membrane";
import { mask } from "./video-compare";

const WIDTH = 90;
const HEIGHT = 70;
const MARGIN = 14;

/** A window with a hole MARGIN pixels inside each side, and its picture from `shade`. */
function window(shade: (x: number, y: number) => number) {
  const hole = mask(
    { width: WIDTH, height: HEIGHT },
    {
      include: [{ x: MARGIN, y: MARGIN, width: WIDTH - 2 * MARGIN, height: HEIGHT - 2 * MARGIN }],
    },
  );
  const values = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) =>
    shade(i % WIDTH, Math.floor(i / WIDTH)),
  );
  return { hole, pixels: setPixels(hole), values };
}

/** A slope that bends steadily (a cubic: the thin plate's own kind of picture). */
const bendingSlope = (x: number, y: number) =>
  60 + 1.2 * x + 0.4 * y + 0.01 * x * y - 0.006 * (x - 45) ** 2 + 0.00004 * (y - 35) ** 3;

function rmsError(filled: ArrayLike<number>, truth: ArrayLike<number>) {
  let sum = 0;
  for (let k = 0; k < truth.length; k++) sum += ((filled[k] as number) - (truth[k] as number)) ** 2;
  return Math.sqrt(sum / truth.length);
}

test("a slope that bends steadily is carried across the hole exactly, where the membrane sags", () => {
  const { hole, pixels, values } = window(bendingSlope);
  const truth = Float32Array.from(pixels, (i) => values[i] as number);
  const bending = bendingFill(hole, WIDTH, HEIGHT, 1e7);
  expect(bending).not.toBeNull();
  const solved = solveBending(values, bending as NonNullable<typeof bending>);
  const bent = Float32Array.from(pixels, (i) => solved[bending?.place[i] as number] as number);
  const smooth = values.slice();
  for (const i of pixels) smooth[i] = 0;
  relaxMembrane(smooth, membrane(WIDTH, HEIGHT, pixels), 4000);
  const flat = Float32Array.from(pixels, (i) => smooth[i] as number);
  expect(rmsError(bent, truth)).toBeLessThan(1e-3);
  expect(rmsError(flat, truth)).toBeGreaterThan(1);
});

test("a hole too large for the factor's budget is not filled so", () => {
  const { hole } = window(bendingSlope);
  expect(bendingFill(hole, WIDTH, HEIGHT, 1000)).toBeNull();
});

test("between solves the fill follows the membrane fill's change; each solve starts afresh", () => {
  const { hole, pixels, values } = window(bendingSlope);
  const fill = createBentFill(hole, WIDTH, HEIGHT, pixels);
  expect(fill).not.toBeNull();
  const first = fill?.(values) as Float32Array;
  // The frames after it: the membrane fill in the hole 6 levels higher, the picture around as it was.
  const raised = values.slice();
  for (const i of pixels) raised[i] = (raised[i] as number) + 6;
  const fills = Array.from({ length: REFRESH }, () => fill?.(raised) as Float32Array);
  const solved = fills.pop() as Float32Array;
  for (let k = 0; k < pixels.length; k += 97) {
    for (const between of fills)
      expect(between[k] as number).toBeCloseTo((first[k] as number) + 6, 3);
    // The next solve starts again from the picture around the hole alone.
    expect(solved[k] as number).toBeCloseTo(first[k] as number, 3);
  }
});

test("a blurred slope takes the thin plate; a texture keeps the membrane and nearest fills", () => {
  const smooth = window(bendingSlope);
  expect(prefersBending(smooth.values, smooth.hole, WIDTH, HEIGHT)).toBe(true);
  // Fine stripes across a slope: their slopes reverse every few pixels and do not carry on.
  const striped = window((x, y) => bendingSlope(x, y) + 40 * Math.sin(1.3 * x + 0.7 * y));
  expect(prefersBending(striped.values, striped.hole, WIDTH, HEIGHT)).toBe(false);
});
