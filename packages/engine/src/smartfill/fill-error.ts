import { sampleBorder } from "./border";
import { type CleanSides, insetBox } from "./clean-edges";
import { fillInverseDistance } from "./inverse-distance-fill";
import { correctWindowBytes, type MarkModel, type WindowSample } from "./mark-model";
import { insideBox, type PlaneWindow } from "./mark-window";
import type { Box } from "./yuv-layout";

/** Samples the estimate looks at, spread over those given: enough for a steady mean. */
const SAMPLES = 12;

/** Mean squared luma errors over the region, per pixel (see `compareWithFill`). */
export type FillComparison = { mark: number; fill: number };

/**
 * How far the marked picture and the border fill each land from the picture beneath the mark,
 * judged on the samples as the learnt correction sees them: leaving the mark costs what the
 * correction changes; the fill costs how far it lands from the corrected picture. Where the
 * correction is doubtful but roughly right, this keeps a faint mark from being replaced by a
 * fill further from the truth than the mark was; and it tells a mark learnt as next to nothing.
 */
export function compareWithFill(
  model: MarkModel,
  shown: readonly WindowSample[],
  clean: CleanSides,
): FillComparison {
  const window = model.window[0];
  const box = fillBox(window, clean);
  if (!box) return { mark: 0, fill: 0 };
  let markError = 0;
  let fillError = 0;
  let count = 0;
  const step = Math.max(1, Math.floor(shown.length / SAMPLES));
  for (let s = 0; s < shown.length; s += step) {
    const observed = (shown[s] as WindowSample)[0];
    const restoredPixels = correctWindowBytes(model, 0, observed);
    const filled = borderFill(window, box, restoredPixels);
    for (let i = 0; i < observed.length; i++) {
      if (!window.inside[i]) continue;
      const truth = restoredPixels[i] ?? 0;
      markError += ((observed[i] ?? 0) - truth) ** 2;
      fillError += ((filled[i] ?? 0) - truth) ** 2;
      count++;
    }
  }
  return count === 0 ? { mark: 0, fill: 0 } : { mark: markError / count, fill: fillError / count };
}

/** What the border fill rewrites: the region's box without its clean sides' lines. */
export function fillBox(window: PlaneWindow, clean: CleanSides): Box | null {
  const box = insideBox(window);
  return box ? insetBox(box, clean) : null;
}

/** The window's pixels with the box filled from its border. */
export function borderFill(window: PlaneWindow, box: Box, pixels: Uint8Array): Uint8Array {
  const view = { pixels: pixels.slice(), width: window.width, height: window.height };
  fillInverseDistance(view, box, sampleBorder(view, box, 1));
  return view.pixels;
}

/**
 * Mean squared luma error inside the region of the border fill, over samples that do not show
 * the mark: there the picture beneath is known, so the fill is judged against it.
 */
export function borderFillError(
  window: PlaneWindow,
  unmarked: readonly Uint8Array[],
  clean: CleanSides,
): number {
  const box = fillBox(window, clean);
  if (!box) return 0;
  let error = 0;
  let count = 0;
  const step = Math.max(1, Math.floor(unmarked.length / SAMPLES));
  for (let s = 0; s < unmarked.length; s += step) {
    const truth = unmarked[s] as Uint8Array;
    const filled = borderFill(window, box, truth);
    for (let i = 0; i < truth.length; i++) {
      if (!window.inside[i]) continue;
      error += ((filled[i] as number) - (truth[i] as number)) ** 2;
      count++;
    }
  }
  return count === 0 ? 0 : error / count;
}
