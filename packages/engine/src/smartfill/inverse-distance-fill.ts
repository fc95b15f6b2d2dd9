import type { Border, PlaneView, Side } from "./border";
import type { Box } from "./yuv-layout";

/** Used only when a box covers its whole plane and no pixel around it is known. */
const NEUTRAL = 128;

/**
 * Fills a box with a transfinite blend of its four border curves, each weighted by the inverse
 * of the pixel's distance to it (the weighting FFmpeg's delogo uses): near a side the fill
 * equals that side, in the middle it is a mix of all four. Unlike the Coons patch, a feature on
 * one side fades with distance instead of being carried across the whole box. Sides on the
 * plane's edge simply drop out of the blend.
 */
export function fillInverseDistance(plane: PlaneView, box: Box, border: Border): void {
  const columns = box.x1 - box.x0;
  const rows = box.y1 - box.y0;
  const { top, bottom, left, right } = border;
  for (let j = 0; j < rows; j++) {
    const row = (box.y0 + j) * plane.width + box.x0;
    const toTop = j + distance(top);
    const toBottom = rows - 1 - j + distance(bottom);
    for (let i = 0; i < columns; i++) {
      const toLeft = i + distance(left);
      const toRight = columns - 1 - i + distance(right);
      let sum = 0;
      let weights = 0;
      if (top) {
        const w = 1 / toTop;
        sum += w * (top.values[i] ?? 0);
        weights += w;
      }
      if (bottom) {
        const w = 1 / toBottom;
        sum += w * (bottom.values[i] ?? 0);
        weights += w;
      }
      if (left) {
        const w = 1 / toLeft;
        sum += w * (left.values[j] ?? 0);
        weights += w;
      }
      if (right) {
        const w = 1 / toRight;
        sum += w * (right.values[j] ?? 0);
        weights += w;
      }
      plane.pixels[row + i] = weights > 0 ? Math.round(sum / weights) : NEUTRAL;
    }
  }
}

function distance(side: Side | null): number {
  return side?.distance ?? 1;
}
