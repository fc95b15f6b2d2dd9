/** The windows a carried fill reads (carry-fill.ts): each plane's region window grown by a margin. */
import type { PlaneWindow } from "./mark-window";

/** Luma pixels kept around the region, to fit the motion on and to bring the picture in from. */
export const CARRY_MARGIN = 32;

/**
 * The rectangle of one plane a carrier reads: the region's window grown by the margin. Its
 * `inside` is left empty.
 */
export function extendedWindow(window: PlaneWindow): PlaneWindow {
  const { plane } = window;
  const margin = CARRY_MARGIN >> plane.shift;
  const x0 = Math.max(0, window.x0 - margin);
  const y0 = Math.max(0, window.y0 - margin);
  const width = Math.min(plane.width, window.x0 + window.width + margin) - x0;
  const height = Math.min(plane.height, window.y0 + window.height + margin) - y0;
  return { plane, x0, y0, width, height, inside: new Uint8Array(width * height) };
}

/**
 * The extended window with the region's pixels set `inside`, and where the region's window
 * starts in it.
 */
export function carriedWindow(window: PlaneWindow): {
  extended: PlaneWindow;
  dx: number;
  dy: number;
} {
  const extended = extendedWindow(window);
  const dx = window.x0 - extended.x0;
  const dy = window.y0 - extended.y0;
  for (let y = 0; y < window.height; y++) {
    const row = window.inside.subarray(y * window.width, (y + 1) * window.width);
    extended.inside.set(row, (y + dy) * extended.width + dx);
  }
  return { extended, dx, dy };
}
