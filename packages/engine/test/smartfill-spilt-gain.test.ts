/**
 * An opaque mark's damping spilt onto the pixels it spares: a kept pixel that changes as much
 * as the picture around it gets its gain taken back; one that changes less keeps it, unless
 * its correction takes it away from the picture around it.
 */
import { expect, test } from "bun:test";
import { addFrame, createBlendStats } from "../src/smartfill/blend-stats";
import type { BlendCorrection } from "../src/smartfill/mark-offset";
import { withoutSpiltGain } from "../src/smartfill/spilt-gain";
import { createRng } from "./quality/prng";
import { at, HEIGHT, inside, WIDTH, window } from "./region-window";

/** A pixel the mark spares that changes as the margin does, and one damped to half its change. */
const UNDAMPED = at(7, 5);
const DAMPED = at(8, 5);
/** A pixel the fill takes (the opaque mark). */
const FILLED = at(12, 8);

/**
 * Stats of 60 samples whose every pixel changes at random by about 20 levels around 128, but
 * FILLED (200) and the pixels `changed` places (given pixel i and its change).
 */
function statsOf(seed: number, changed: (i: number, change: number) => number | undefined) {
  const rng = createRng(seed);
  const stats = createBlendStats(WIDTH, HEIGHT, 128);
  for (let t = 0; t < 60; t++) {
    const sample = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
      const change = rng.range(-20, 20);
      if (i === FILLED) return 200;
      return Math.round(changed(i, change) ?? 128 + change);
    });
    addFrame(stats, sample);
  }
  return stats;
}

/** Samples whose every pixel changes at random by about 20 levels, DAMPED by half. */
const statsOfNoise = () => statsOf(7, (i, change) => (i === DAMPED ? 128 + change / 2 : undefined));

const kept = inside.map((set, i) => (i === FILLED ? 0 : set));

/**
 * The correction learnt with `gain`: towards the mark's colour `colour`, which is the mean of
 * the samples (128) unless given, so that the correction keeps each pixel's mean where it is.
 */
function learnt(gain: Float32Array, colour = 128): BlendCorrection {
  // The offset that inverts a blend of gain g towards `colour`: (g - 1) (mean - colour).
  const offset = Float32Array.from(gain, (g) => (g - 1) * (128 - colour));
  return { width: WIDTH, height: HEIGHT, mean: 128, gain, offset };
}

test("a spared pixel that changes as its surroundings do gets its spilt gain taken back", () => {
  const gain = new Float32Array(WIDTH * HEIGHT).fill(1);
  gain[UNDAMPED] = 2.5;
  gain[DAMPED] = 2;
  gain[FILLED] = 10;
  const result = withoutSpiltGain(window, statsOfNoise(), kept, learnt(gain));
  if (!result) throw new Error("no gain was taken back");
  expect(result[UNDAMPED]).toBeLessThan(1.2);
  // Damped to half its change, it allows a gain near 2: its own is kept.
  expect(result[DAMPED]).toBe(2);
  // The filled pixel is not the spared ring's: its gain is left as it was.
  expect(result[FILLED]).toBe(10);
  expect(result[at(10, 6)]).toBe(1);
});

test("nothing spilt: no new gain", () => {
  const gain = new Float32Array(WIDTH * HEIGHT).fill(1);
  gain[DAMPED] = 2;
  expect(withoutSpiltGain(window, statsOfNoise(), kept, learnt(gain))).toBeNull();
});

test("a spared pixel whose correction would take it away from the picture around it keeps none", () => {
  // The mark's colour is 169. TRUE is blended with it at half opacity; LEAK, just as still
  // (a plainer patch of the picture), shows the picture as it is, at the mean of its
  // surroundings. Both were learnt a gain near 2 towards that colour.
  const TRUE = DAMPED;
  const LEAK = at(8, 7);
  const stats = statsOf(11, (i, change) => {
    if (i === TRUE) return 0.5 * 169 + 0.5 * (128 + change);
    return i === LEAK ? 128 + change / 2 : undefined;
  });
  const gain = new Float32Array(WIDTH * HEIGHT).fill(1);
  gain[TRUE] = 2;
  gain[LEAK] = 1.85;
  const result = withoutSpiltGain(window, stats, kept, learnt(gain, 169));
  if (!result) throw new Error("no gain was taken back");
  // Corrected, LEAK's mean would sit 35 levels under its surroundings' (the dark specks).
  expect(result[LEAK]).toBe(1);
  // TRUE's correction brings its mean back to its surroundings': it is kept.
  expect(result[TRUE]).toBe(2);
  // Learnt towards a colour that keeps LEAK's mean where it is, it keeps its gain: its change
  // allows it. TRUE's correction then takes its mean 41 levels over its surroundings'.
  const towardsMean = withoutSpiltGain(window, stats, kept, learnt(gain));
  expect(towardsMean?.[LEAK]).toBeCloseTo(1.85, 5);
  expect(towardsMean?.[TRUE]).toBe(1);
});
