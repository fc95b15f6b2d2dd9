import { MARKED_GAIN } from "./dominant-opacity";

/** Share of a mark's pixels more than 3 pixels inside it above which it is broad (a logo). */
export const BROAD_MARK = 0.4;

/**
 * Of the pixels a gain map marks (gain above MARKED_GAIN), the share whose whole 7x7
 * neighbourhood is marked too: near 0 for thin strokes (text), near 1 for a broad logo.
 */
export function interiorShare(gain: ArrayLike<number>, width: number, height: number): number {
  const marked = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (gain[y * width + x] ?? 1) > MARKED_GAIN;
  let all = 0;
  let interior = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!marked(x, y)) continue;
      all++;
      let inside = true;
      for (let dy = -3; dy <= 3 && inside; dy++) {
        for (let dx = -3; dx <= 3 && inside; dx++) inside = marked(x + dx, y + dy);
      }
      if (inside) interior++;
    }
  }
  return all === 0 ? 0 : interior / all;
}
