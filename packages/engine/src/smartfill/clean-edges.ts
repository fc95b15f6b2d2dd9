/**
 * Users draw a rectangle with room around the mark, so its outermost lines usually show the
 * picture itself. A fill from the border is nearer the truth when it starts from those lines
 * and leaves them as they are (as FFmpeg's delogo does) than when it overwrites them from
 * outside; where the mark reaches the rectangle's edge, it must start outside.
 */

import type { WindowSample } from "./mark-model";
import { insideBox, type PlaneWindow } from "./mark-window";
import type { Box } from "./yuv-layout";

/** Which sides of a region's box keep their outermost line (it shows no mark). */
export type CleanSides = { top: boolean; bottom: boolean; left: boolean; right: boolean };

/** Per plane (Y, U, V). */
export type CleanEdges = readonly [CleanSides, CleanSides, CleanSides];

export const NO_CLEAN_SIDES: CleanSides = { top: false, bottom: false, left: false, right: false };

/**
 * How much larger than the step between the two lines outside it the step from the box's own
 * line to the first outside may be (mean absolute levels, over the side and the samples) for
 * that line to show the same picture: neighbouring lines of a picture differ alike, a mark's
 * edge stands out.
 */
export const EDGE_STEP_RATIO = 2;
/** Levels added to that allowance, so that a flat picture's noise does not decide. */
export const EDGE_STEP_LEVELS = 2;

/** Per plane, the sides whose outermost line shows the picture just outside it on the samples. */
export function cleanEdges(
  window: readonly [PlaneWindow, PlaneWindow, PlaneWindow],
  samples: readonly WindowSample[],
): CleanEdges {
  const plane = (index: 0 | 1 | 2) =>
    cleanSides(
      window[index],
      samples.map((sample) => sample[index]),
    );
  return [plane(0), plane(1), plane(2)];
}

function cleanSides(window: PlaneWindow, samples: readonly Uint8Array[]): CleanSides {
  const box = insideBox(window);
  if (!box || box.x1 - box.x0 < 3 || box.y1 - box.y0 < 3) return NO_CLEAN_SIDES;
  const { width, height } = window;
  // Each side: how to reach its pixel `i` (along it) `d` lines outward from its own line.
  const along = (length: number, at: (i: number, d: number) => [number, number] | null) =>
    sideIsClean(samples, width, length, at);
  const columns = box.x1 - box.x0;
  const rows = box.y1 - box.y0;
  const within = (x: number, y: number): [number, number] | null =>
    x >= 0 && y >= 0 && x < width && y < height ? [x, y] : null;
  return {
    top: along(columns, (i, d) => within(box.x0 + i, box.y0 - d)),
    bottom: along(columns, (i, d) => within(box.x0 + i, box.y1 - 1 + d)),
    left: along(rows, (j, d) => within(box.x0 - d, box.y0 + j)),
    right: along(rows, (j, d) => within(box.x1 - 1 + d, box.y0 + j)),
  };
}

function sideIsClean(
  samples: readonly Uint8Array[],
  width: number,
  length: number,
  at: (i: number, d: number) => [number, number] | null,
): boolean {
  const index = (i: number, d: number) => {
    const point = at(i, d);
    return point ? point[1] * width + point[0] : -1;
  };
  if (samples.length === 0 || index(0, 2) < 0) return false;
  let edgeStep = 0;
  let outerStep = 0;
  for (const pixels of samples) {
    for (let i = 0; i < length; i++) {
      const own = pixels[index(i, 0)] ?? 0;
      const first = pixels[index(i, 1)] ?? 0;
      const second = pixels[index(i, 2)] ?? 0;
      edgeStep += Math.abs(own - first);
      outerStep += Math.abs(first - second);
    }
  }
  const count = samples.length * length;
  return edgeStep / count <= (EDGE_STEP_RATIO * outerStep) / count + EDGE_STEP_LEVELS;
}

/** The box without the lines of its clean sides: what a fill from the border rewrites. */
export function insetBox(box: Box, sides: CleanSides): Box {
  return {
    x0: box.x0 + (sides.left ? 1 : 0),
    y0: box.y0 + (sides.top ? 1 : 0),
    x1: box.x1 - (sides.right ? 1 : 0),
    y1: box.y1 - (sides.bottom ? 1 : 0),
  };
}
