/**
 * An opaque mark's damping spilt onto the pixels it spares: a kept pixel that changes as much
 * as the picture around it gets its gain taken back; one that changes less keeps it.
 */
import { expect, test } from "bun:test";
import { addFrame, createBlendStats } from "../src/smartfill/blend-stats";
import { withoutSpiltGain } from "../src/smartfill/spilt-gain";
import { createRng } from "./quality/prng";
import { at, HEIGHT, inside, WIDTH, window } from "./region-window";

/** A pixel the mark spares that changes as the margin does, and one damped to half its change. */
const UNDAMPED = at(7, 5);
const DAMPED = at(8, 5);
/** A pixel the fill takes (the opaque mark). */
const FILLED = at(12, 8);

/** Samples whose every pixel changes at random by about 20 levels, DAMPED by half. */
function statsOfNoise() {
  const rng = createRng(7);
  const stats = createBlendStats(WIDTH, HEIGHT, 128);
  for (let t = 0; t < 60; t++) {
    const sample = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
      const change = rng.range(-20, 20);
      if (i === FILLED) return 200;
      return Math.round(128 + (i === DAMPED ? change / 2 : change));
    });
    addFrame(stats, sample);
  }
  return stats;
}

const kept = inside.map((set, i) => (i === FILLED ? 0 : set));

test("a spared pixel that changes as its surroundings do gets its spilt gain taken back", () => {
  const gain = new Float32Array(WIDTH * HEIGHT).fill(1);
  gain[UNDAMPED] = 2.5;
  gain[DAMPED] = 2;
  gain[FILLED] = 10;
  const result = withoutSpiltGain(window, statsOfNoise(), kept, gain);
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
  expect(withoutSpiltGain(window, statsOfNoise(), kept, gain)).toBeNull();
});
