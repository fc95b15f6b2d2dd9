import { dilate, withHoles } from "../pixel-masks";
import { integratePairs } from "./integrate-pairs";
import type { PlaneWindow } from "./mark-window";
import { medianDifferences, pixelsOnSteps } from "./median-differences";
import { eachPair } from "./pair-field";
import { meanSteps } from "./structure-ratio";
import { OUTLINE_STEP } from "./transmission";

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
 * zero over the samples, as the picture's own do where it moves. k is learnt on the `covered`
 * pixels (by default the whole region) and 0 elsewhere.
 */
export function correctionWithGain(
  window: PlaneWindow,
  samples: readonly Uint8Array[],
  gain: Float64Array,
  mean: number,
  covered: Uint8Array = window.inside,
): BlendCorrection {
  const { width, height, inside } = window;
  const differences = medianDifferences(width, height, inside, samples, gain);
  const k = integratePairs(covered, differences);
  return {
    width,
    height,
    mean,
    gain: Float32Array.from(gain),
    offset: Float32Array.from(k, (value, i) => ((gain[i] ?? 1) - 1) * mean - value),
  };
}

/**
 * Steady steps this many times the margin's mean steady step (and more than OUTLINE_STEP)
 * stand out from a still picture as a mark's do: a blurred flower's margin stepped by 0.8
 * levels on average, the letters over it by 30 and more.
 */
const STRONG_STEP = 8;

/**
 * The correction learnt again over a still picture (see STEADY_PICTURE), where the medians
 * of its differences are the picture's own texture, which the offset would wipe out: there k
 * is learnt only where the mark covers the pixel (its gain is not 1) or, `withSteps`, also
 * next to a step that stands out from the picture (see STRONG_STEP) and within the shapes
 * such steps close: the letters a gain map missed where too little changed beneath them.
 * Elsewhere the correction as it was.
 */
export function overStillPicture(
  window: PlaneWindow,
  samples: readonly Uint8Array[],
  correction: BlendCorrection,
  withSteps = false,
): BlendCorrection {
  if (steadyShare(window, samples) <= STEADY_PICTURE) return correction;
  const gain = Float64Array.from(correction.gain);
  const covered = window.inside.map((set, i) => (set && gain[i] !== 1 ? 1 : 0));
  if (withSteps) {
    const { width, height } = window;
    const steps = withHoles(dilate(strongSteps(window, samples), width, height, 1), width, height);
    steps.forEach((set, i) => {
      if (set && window.inside[i]) covered[i] = 1;
    });
  }
  return correctionWithGain(window, samples, gain, correction.mean, covered);
}

/** The pixels on steady steps that stand out from the margin's (see STRONG_STEP). */
function strongSteps(window: PlaneWindow, samples: readonly Uint8Array[]): Uint8Array {
  const { width, height, inside } = window;
  const everywhere = new Uint8Array(inside.length).fill(1);
  const medians = medianDifferences(width, height, everywhere, samples);
  const margin = meanSteps(window, medians).around || 0;
  return pixelsOnSteps(medians, Math.max(OUTLINE_STEP, STRONG_STEP * margin));
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
