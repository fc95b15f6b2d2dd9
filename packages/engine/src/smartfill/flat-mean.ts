/**
 * Over a flat picture, what is left of a mark after its correction is mostly the encoder's
 * noise, amplified by the mark's gain. A fill of the corrected picture from the region's border
 * lands about as close, with an error of its own (a slow drift), and the mean of the two is closer
 * than either. Text over a parking lot's asphalt (seed unseen-37): corrected 42.7 dB, filled
 * 42.9, their mean 44.6 (delogo 43.4); over the bench's bee bokeh, 45.9 corrected, 47.1 mean.
 * A frame whose corrected picture strays from its border fill (the bee flying beneath the mark)
 * keeps the correction: averaged in every frame, the bee's text lost 6.2 dB.
 */
import { type CleanSides, NO_CLEAN_SIDES } from "./clean-edges";
import { borderFill, fillBox } from "./fill-error";
import type { BlendCorrection } from "./mark-offset";
import type { PlaneWindow } from "./mark-window";
import type { Box } from "./yuv-layout";

/**
 * Mean squared difference (levels²) between a frame's corrected luma and its border fill from
 * which the picture is not flat in that frame: the parking lot's frames read 1.7-12.8, the
 * bee's 1.9-4.1 but for those it flies through (up to 1,156).
 */
export const FLAT_FRAME = 15;

/** One plane of a window: the box its border fill covers, and the pixels the mark damps. */
export type FlatMean = { window: PlaneWindow; box: Box | null; damped: Uint8Array };

export function flatMean(
  window: PlaneWindow,
  correction: BlendCorrection,
  clean: CleanSides = NO_CLEAN_SIDES,
): FlatMean {
  const damped = Uint8Array.from(window.inside, (set, i) =>
    set && (correction.gain[i] as number) > 1 ? 1 : 0,
  );
  return { window, box: fillBox(window, clean), damped };
}

/**
 * Averages the damped pixels of `values` (a corrected window) with its border fill; with
 * `check` (luma), only when the two are close over the region (FLAT_FRAME). Returns whether
 * they were averaged.
 */
export function meanWithBorderFill(values: Float32Array, flat: FlatMean, check: boolean): boolean {
  const { window, box, damped } = flat;
  if (!box) return false;
  const levels = Uint8Array.from(values, (value) => Math.min(255, Math.max(0, Math.round(value))));
  const filled = borderFill(window, box, levels);
  if (check && strayOf(levels, filled, window.inside) >= FLAT_FRAME) return false;
  for (let i = 0; i < values.length; i++) {
    if (damped[i]) values[i] = 0.5 * ((levels[i] as number) + (filled[i] as number));
  }
  return true;
}

/** Mean squared difference over the region's pixels. */
function strayOf(a: Uint8Array, b: Uint8Array, inside: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    if (!inside[i]) continue;
    sum += ((a[i] as number) - (b[i] as number)) ** 2;
    count++;
  }
  return count === 0 ? Number.POSITIVE_INFINITY : sum / count;
}
