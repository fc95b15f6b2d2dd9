import { integratePairs } from "./integrate-pairs";
import type { PlaneWindow } from "./mark-window";
import { medianDifferences } from "./median-differences";

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
 * With the gain known (1 / transmission), what the mark adds: the picture beneath is
 * B = gain * I - k, and k is found so that B's differences between neighbours have a median of
 * zero over the samples, as the picture's own do where it moves. k is 0 outside the region.
 */
export function correctionWithGain(
  window: PlaneWindow,
  samples: readonly Uint8Array[],
  gain: Float64Array,
  mean: number,
): BlendCorrection {
  const { width, height, inside } = window;
  const differences = medianDifferences(width, height, inside, samples, gain);
  const k = integratePairs(inside, differences);
  return {
    width,
    height,
    mean,
    gain: Float32Array.from(gain),
    offset: Float32Array.from(k, (value, i) => ((gain[i] ?? 1) - 1) * mean - value),
  };
}
