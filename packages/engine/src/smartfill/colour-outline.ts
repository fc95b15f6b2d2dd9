import type { PlaneWindow } from "./mark-window";
import { medianDifferences, pixelsOnSteps } from "./median-differences";
import { OUTLINE_STEP } from "./transmission";

/** One chroma plane's window and its pixels in each sample. */
export type ChromaSamples = readonly [PlaneWindow, readonly Uint8Array[]];

/**
 * The luma pixels of a window whose chroma pixel lies on a steady step of colour: neighbours
 * whose median difference over the samples exceeds OUTLINE_STEP in either chroma plane.
 * Beneath a static mark the picture moves, so such steps are the mark's outline, also where
 * the mark is about as light as the picture and its lightness barely shows it.
 */
export function colourOutline(luma: PlaneWindow, chroma: readonly ChromaSamples[]): Uint8Array {
  const outline = new Uint8Array(luma.width * luma.height);
  for (const [window, samples] of chroma) {
    const { width, height } = window;
    const onStep = pixelsOnSteps(
      medianDifferences(width, height, window.inside, samples),
      OUTLINE_STEP,
    );
    // Each chroma pixel stands for the 2x2 block of luma pixels beneath it.
    for (let y = 0; y < luma.height; y++) {
      for (let x = 0; x < luma.width; x++) {
        const c = Math.min(height - 1, y >> 1) * width + Math.min(width - 1, x >> 1);
        if (onStep[c]) outline[y * luma.width + x] = 1;
      }
    }
  }
  return outline;
}
