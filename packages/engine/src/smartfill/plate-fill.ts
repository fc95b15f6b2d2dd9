/**
 * A mark that is not always there, over a picture that holds still: the samples without it
 * show the picture beneath, so in a frame with the mark the area is taken from them (their
 * median, the plate), shifted by the change of light around it, whenever the area's
 * surroundings still look as they do on the plate. Elsewhere (the camera moved, something
 * passes by) the frame goes to the region's other filler.
 */
import type { CleanSides } from "./clean-edges";
import { borderFillError } from "./fill-error";
import { insideError, lightChange } from "./light-match";
import { cropSample, type MarkModel, showsMark, type WindowSample } from "./mark-model";
import { frameIndex, type PlaneWindow } from "./mark-window";
import { medianImage } from "./median-differences";
import type { FrameFiller } from "./spatial-fill";

/** The window as the samples without the mark show it, per plane. */
export type Plate = {
  planes: readonly [Float32Array, Float32Array, Float32Array];
  /** Mean absolute luma difference of those samples' surroundings of the area from the plate's. */
  mismatch: number;
};

/** Samples without the mark needed for a plate. */
export const MIN_UNMARKED = 5;
/**
 * Mean absolute luma difference (once the light is matched) between the plate and the very
 * samples it was made from, inside the area, above which the picture does not hold still
 * enough for a plate: a correction or a fill that follows each frame does better. A webcam's
 * room with the signer's arm passing by measured 1.7 (its plate scored 38.0 dB on a jumping
 * mark, the fill 28.9), a blurred flower's swaying bokeh 2.2 to 2.6 (plate 28.3 against 27.2
 * for the correction); on the moving clips of two seeds no plan changed up to 4.
 */
export const PLATE_ERROR = 2.5;
/**
 * How much further than on those samples a frame's surroundings of the area may stray from
 * the plate's (mean absolute luma difference) before the plate no longer shows its picture.
 */
export const PLATE_MATCH = 3;

/**
 * Per plane, each pixel's median over the samples (which do not show the mark); null when it
 * does not give back those very samples' area closely (the picture does not hold still), or
 * less closely than a fill from the area's border does (on its `clean` sides, from its own line).
 */
export function backgroundPlate(
  window: PlaneWindow,
  samples: readonly WindowSample[],
  clean: CleanSides,
): Plate | null {
  const plane = (index: 0 | 1 | 2) => medianImage(samples.map((sample) => sample[index]));
  const luma = plane(0);
  let absolute = 0;
  let squared = 0;
  let around = 0;
  for (const sample of samples) {
    const change = lightChange(window, sample[0], luma);
    const error = insideError(window, sample[0], luma, change.shift);
    around += change.mismatch;
    absolute += error.absolute;
    squared += error.squared;
  }
  const lumaSamples = samples.map((sample) => sample[0]);
  if (absolute / samples.length > PLATE_ERROR) return null;
  if (squared / samples.length >= borderFillError(window, lumaSamples, clean)) return null;
  return { planes: [luma, plane(1), plane(2)], mismatch: around / samples.length };
}

export function createPlateFiller(model: MarkModel, plate: Plate, otherwise: FrameFiller) {
  return (frame: Uint8Array, index?: number): void => {
    const sample = cropSample(frame, model);
    if (!showsMark(model, sample)) return;
    const changes = model.window.map((window, plane) =>
      lightChange(window, sample[plane] as Uint8Array, plate.planes[plane] as Float32Array),
    );
    if ((changes[0]?.mismatch ?? Number.POSITIVE_INFINITY) > plate.mismatch + PLATE_MATCH) {
      otherwise(frame, index);
      return;
    }
    model.window.forEach((window, plane) => {
      const picture = plate.planes[plane] as Float32Array;
      const shift = changes[plane]?.shift ?? 0;
      for (let y = 0; y < window.height; y++) {
        for (let x = 0; x < window.width; x++) {
          const i = y * window.width + x;
          if (!window.inside[i]) continue;
          const value = Math.round((picture[i] as number) + shift);
          frame[frameIndex(window, x, y)] = Math.min(255, Math.max(0, value));
        }
      }
    });
  };
}
