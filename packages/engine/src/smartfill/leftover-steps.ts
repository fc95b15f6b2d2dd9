import { correctWindowBytes, type MarkModel, type WindowSample } from "./mark-model";
import { medianDifferences } from "./median-differences";
import { eachPair } from "./pair-field";

/** Median differences smaller than this (levels) are noise, not structure. */
const STEADY_NOISE = 0.25;

/**
 * How much still structure a correction leaves in the region, against its surroundings: the
 * mean size of the neighbours' median differences over the corrected samples, between pixels
 * of the region, as a multiple of the same between pixels of the window's margin. Near 1
 * where what is left looks like the picture around it; well above where part of the mark was
 * left in place.
 */
export function leftoverSteps(model: MarkModel, shown: readonly WindowSample[]): number {
  const { width, height, inside } = model.window[0];
  const restored = shown.map((sample) => correctWindowBytes(model, 0, sample[0]));
  const everywhere = new Uint8Array(inside.length).fill(1);
  const medians = medianDifferences(width, height, everywhere, restored);
  const within = { sum: 0, count: 0 };
  const around = { sum: 0, count: 0 };
  eachPair(width, height, (i, j, side) => {
    if (inside[i] !== inside[j]) return;
    const tally = inside[i] ? within : around;
    tally.sum += Math.abs(medians[side][i] ?? 0);
    tally.count++;
  });
  if (within.count === 0 || around.count === 0) return 0;
  return within.sum / within.count / Math.max(STEADY_NOISE, around.sum / around.count);
}
