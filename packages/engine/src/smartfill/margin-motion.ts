import type { PlaneWindow } from "./mark-window";
import { medianOf } from "./median-differences";

/** Surroundings whose values vary less than this over time are a still picture. */
export const MOVING_DEVIATION = 2;

/** Median over the window's margin of each pixel's standard deviation over the samples. */
export function marginMotion(window: PlaneWindow, samples: readonly Uint8Array[]): number {
  const deviations: number[] = [];
  window.inside.forEach((set, i) => {
    if (!set) deviations.push(deviationOf(samples, i));
  });
  return medianOf(Float32Array.from(deviations));
}

/** Standard deviation over the samples of pixel i. */
export function deviationOf(samples: readonly Uint8Array[], i: number): number {
  let sum = 0;
  let squares = 0;
  for (const sample of samples) {
    const value = sample[i] ?? 0;
    sum += value;
    squares += value * value;
  }
  const mean = sum / Math.max(1, samples.length);
  return Math.sqrt(Math.max(0, squares / Math.max(1, samples.length) - mean * mean));
}
