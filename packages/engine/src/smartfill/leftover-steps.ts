import { correctWindowBytes, type MarkModel, type WindowSample } from "./mark-model";
import { medianDifferences } from "./median-differences";
import { structureRatio } from "./structure-ratio";

/**
 * How much still structure a correction leaves in the region, against its surroundings (see
 * `structureRatio`), over the neighbours' median differences of the corrected samples. Near 1
 * where what is left looks like the picture around it; well above where part of the mark was
 * left in place.
 */
export function leftoverSteps(model: MarkModel, shown: readonly WindowSample[]): number {
  const window = model.window[0];
  const restored = shown.map((sample) => correctWindowBytes(model, 0, sample[0]));
  const everywhere = new Uint8Array(window.inside.length).fill(1);
  return structureRatio(
    window,
    medianDifferences(window.width, window.height, everywhere, restored),
  );
}
