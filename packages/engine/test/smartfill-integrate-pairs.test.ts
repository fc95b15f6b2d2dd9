/**
 * The Poisson solve behind smart fill's learning (integratePairs): multigrid must land on the
 * answer plain over-relaxation converges to, on grids shaped like the learning's windows (a
 * region inside a margin of known pixels), with uneven and zero weights and with a bound.
 */
import { describe, expect, test } from "bun:test";
import { integratePairs } from "../src/smartfill/integrate-pairs";
import { createPairField, eachPair, type PairField } from "../src/smartfill/pair-field";
import { createRng } from "./quality/prng";

/** A window of the given size whose pixels are unknown but for a margin of `margin` pixels. */
function windowMask(width: number, height: number, margin: number): Uint8Array {
  const unknown = new Uint8Array(width * height);
  for (let y = margin; y < height - margin; y++) {
    unknown.fill(1, y * width + margin, y * width + width - margin);
  }
  return unknown;
}

/**
 * Random weights in [0.05, 1], a few pairs not tied at all (weight 0), and 0 between two known
 * pixels, as the transmission's weighting has.
 */
function randomWeights(unknown: Uint8Array, width: number, height: number, seed: number) {
  const rng = createRng(seed);
  const weight = createPairField(width, height);
  eachPair(width, height, (i, j, side) => {
    if (!unknown[i] && !unknown[j]) return;
    weight[side][i] = rng.range(0, 1) < 0.03 ? 0 : rng.range(0.05, 1);
  });
  return weight;
}

function largestDifference(a: Float64Array, b: Float64Array): number {
  let largest = 0;
  for (let i = 0; i < a.length; i++)
    largest = Math.max(largest, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return largest;
}

/** Plain over-relaxation run until it no longer moves: the answer to match. */
function converged(
  unknown: Uint8Array,
  target: PairField,
  weight: PairField | null,
  nonPositive = false,
): Float64Array {
  return integratePairs(unknown, target, weight, {
    multigrid: false,
    sweeps: 50_000,
    tolerance: 1e-12,
    nonPositive,
  });
}

describe("integrating a pair field (multigrid)", () => {
  test("gives back a field whose exact differences it is given, whatever the weights", () => {
    const width = 203;
    const height = 61;
    const unknown = windowMask(width, height, 4);
    const truth = new Float64Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (unknown[i]) truth[i] = 40 * Math.sin(x / 17) * Math.cos(y / 9) + 0.3 * x + y;
      }
    }
    const target = createPairField(width, height);
    eachPair(width, height, (i, j, side) => {
      target[side][i] = (truth[j] ?? 0) - (truth[i] ?? 0);
    });
    for (const weight of [null, randomWeights(unknown, width, height, 5)]) {
      expect(largestDifference(integratePairs(unknown, target, weight), truth)).toBeLessThan(1e-4);
    }
  });

  test("lands where plain relaxation converges on random targets and weights", () => {
    for (const [width, height, seed] of [
      [387, 65, 1],
      [194, 33, 2],
      [120, 120, 3],
      [37, 19, 4],
    ] as const) {
      const unknown = windowMask(width, height, (seed % 2) + 3);
      const rng = createRng(100 + seed);
      const target = createPairField(width, height);
      eachPair(width, height, (i, _j, side) => {
        target[side][i] = rng.range(-1, 1) + (rng.range(0, 1) < 0.05 ? rng.range(-20, 20) : 0);
      });
      const weight = randomWeights(unknown, width, height, 200 + seed);
      for (const pairWeight of [null, weight]) {
        const plain = converged(unknown, target, pairWeight);
        const fast = integratePairs(unknown, target, pairWeight);
        expect(largestDifference(fast, plain)).toBeLessThan(1e-4);
      }
    }
  });

  test("kept at most 0, lands where bounded plain relaxation converges", () => {
    const width = 240;
    const height = 48;
    const unknown = windowMask(width, height, 4);
    const rng = createRng(7);
    const target = createPairField(width, height);
    // Log transmission: near 0 off the mark, a step down into a bar and back up out of it.
    eachPair(width, height, (i, j, side) => {
      const inBar = (k: number) => {
        const x = k % width;
        const y = Math.floor(k / width);
        return x >= 60 && x < 180 && y >= 16 && y < 30;
      };
      const step = inBar(j) === inBar(i) ? 0 : inBar(j) ? -0.7 : 0.7;
      target[side][i] = step + rng.range(-0.05, 0.05);
    });
    const weight = randomWeights(unknown, width, height, 9);
    const plain = converged(unknown, target, weight, true);
    const fast = integratePairs(unknown, target, weight, { nonPositive: true });
    expect(largestDifference(fast, plain)).toBeLessThan(1e-4);
    expect(Math.max(...fast)).toBeLessThanOrEqual(0);
    expect(Math.min(...fast)).toBeLessThan(-0.5);
  });
});
