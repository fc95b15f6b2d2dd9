import type { PlaneWindow } from "./mark-window";
import { createPairField, eachPair, type PairField } from "./pair-field";

/** Steps smaller than this (levels) are noise, not structure. */
const STEADY_NOISE = 0.25;

/** `structureRatio` of one image's own steps between neighbours. */
export function imageStructure(window: PlaneWindow, image: ArrayLike<number>): number {
  const steps = createPairField(window.width, window.height);
  eachPair(window.width, window.height, (i, j, side) => {
    steps[side][i] = (image[j] as number) - (image[i] as number);
  });
  return structureRatio(window, steps);
}

/**
 * The mean size of the steps between neighbours inside the region, as a multiple of the same
 * between neighbours of the window's margin.
 */
export function structureRatio(window: PlaneWindow, steps: PairField): number {
  const { within, around } = meanSteps(window, steps);
  if (Number.isNaN(within) || Number.isNaN(around)) return 0;
  return within / Math.max(STEADY_NOISE, around);
}

/**
 * The mean size of the steps between neighbours both inside the region (`within`) and both
 * in the window's margin (`around`); NaN where there are none.
 */
export function meanSteps(window: PlaneWindow, steps: PairField) {
  const { width, height, inside } = window;
  const within = { sum: 0, count: 0 };
  const around = { sum: 0, count: 0 };
  eachPair(width, height, (i, j, side) => {
    if (inside[i] !== inside[j]) return;
    const tally = inside[i] ? within : around;
    tally.sum += Math.abs(steps[side][i] ?? 0);
    tally.count++;
  });
  return { within: within.sum / within.count, around: around.sum / around.count };
}
