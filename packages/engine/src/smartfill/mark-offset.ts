import { integratePairs } from "./integrate-pairs";
import type { PlaneWindow } from "./mark-window";
import { medianDifferences } from "./median-differences";
import { eachPair } from "./pair-field";

/**
 * How a static semi-transparent mark is taken out of one plane's window. A mark of colour W and
 * opacity alpha blends I = alpha * W + (1 - alpha) * B; its inverse is affine per pixel:
 * B = gain * (I - mean) + mean + offset, with gain = 1 / (1 - alpha) >= 1. gain = 1,
 * offset = 0 is "leave the pixel alone".
 */
export type BlendCorrection = {
  width: number;
  height: number;
  mean: number;
  gain: Float32Array;
  offset: Float32Array;
};

/** Pixel i of the picture beneath, from its observed value (the pixel's own affine inverse). */
export function corrected(correction: BlendCorrection, i: number, value: number): number {
  return (
    (correction.gain[i] ?? 1) * (value - correction.mean) +
    correction.mean +
    (correction.offset[i] ?? 0)
  );
}

/**
 * Share of the differences between neighbouring pixels of the window's margin (where there is
 * no mark) that stays put over the samples, above which the picture holds still: its own
 * differences then have no median of zero to learn the mark's against.
 */
export const STEADY_PICTURE = 0.5;

/**
 * With the gain known (1 / transmission), what the mark adds: the picture beneath is
 * B = gain * I - k, and k is found so that B's differences between neighbours have a median of
 * zero over the samples, as the picture's own do where it moves. k is 0 outside the region and,
 * with `keepUncovered`, on the pixels the mark does not cover (gain 1).
 */
export function correctionWithGain(
  window: PlaneWindow,
  samples: readonly Uint8Array[],
  gain: Float64Array,
  mean: number,
  keepUncovered = false,
): BlendCorrection {
  const { width, height, inside } = window;
  const differences = medianDifferences(width, height, inside, samples, gain);
  const unknown = keepUncovered ? inside.map((set, i) => (set && gain[i] !== 1 ? 1 : 0)) : inside;
  const k = integratePairs(unknown, differences);
  return {
    width,
    height,
    mean,
    gain: Float32Array.from(gain),
    offset: Float32Array.from(k, (value, i) => ((gain[i] ?? 1) - 1) * mean - value),
  };
}

/**
 * The correction learnt again over a still picture (see STEADY_PICTURE), where the medians
 * of its differences are the picture's own texture, which the offset would wipe out: there k
 * is learnt only where the mark covers the pixel. Elsewhere the correction as it was.
 */
export function overStillPicture(
  window: PlaneWindow,
  samples: readonly Uint8Array[],
  correction: BlendCorrection,
): BlendCorrection {
  if (steadyShare(window, samples) <= STEADY_PICTURE) return correction;
  const gain = Float64Array.from(correction.gain);
  return correctionWithGain(window, samples, gain, correction.mean, true);
}

/**
 * Over the window's margin, the size of each pair of neighbours' median difference over the
 * samples, as a share of their mean absolute difference: near 0 where the picture moves (its
 * differences come and go), near 1 where it holds still.
 */
export function steadyShare(window: PlaneWindow, samples: readonly Uint8Array[]): number {
  const { width, height, inside } = window;
  const medians = medianDifferences(
    width,
    height,
    Uint8Array.from(inside, (set) => 1 - set),
    samples,
  );
  let steady = 0;
  let total = 0;
  eachPair(width, height, (i, j, side) => {
    if (inside[i] || inside[j]) return;
    let sum = 0;
    for (const sample of samples) sum += Math.abs((sample[j] ?? 0) - (sample[i] ?? 0));
    total += sum / Math.max(1, samples.length);
    steady += Math.abs(medians[side][i] ?? 0);
  });
  return total === 0 ? 0 : steady / total;
}
