/**
 * Over a still picture, the pattern a mark is told by (the steps across its outline) stays in
 * every sample, with the mark or without it: there the picture's own steps stand still as the
 * mark's do, and a mark that leaves halfway (one that jumps to another corner) is taken to be
 * in every frame. The area itself tells the samples apart instead: where the two halves of the
 * video show it differently (the light matched) while its surroundings agree, the mark is in
 * one half and not the other, and a frame shows it when its area is closer to the half that
 * does.
 */
import { setPixels } from "../pixel-masks";
import { insideError, lightChange, marginShift } from "./light-match";
import { MOVING_DEVIATION, marginMotion } from "./margin-motion";
import { STEADY_PICTURE, steadyShare } from "./mark-offset";
import type { PlaneWindow } from "./mark-window";
import { medianImage } from "./median-differences";
import { eachPair } from "./pair-field";
import { imageStructure } from "./structure-ratio";

/** How a still picture's area looks with the mark and without it (luma). */
export type StillSplit = {
  /** The area's median over the samples of each half: the one with the mark, the other. */
  marked: Float32Array;
  clean: Float32Array;
  /** The window's pixels where the two differ: where a frame is compared with each. */
  footprint: Int32Array;
};

/**
 * Mean absolute luma difference inside the area between the halves below which they agree.
 * A webcam's and a blurred flower's areas, the mark in one half, differed by 10 to 30 levels;
 * text in every frame over them, by under 1.
 */
const SPLIT_LEVELS = 4;
/**
 * The halves must differ inside the area this many times more than around it (the flower's
 * bokeh, swaying, differed by 5.8 around against 26.8 inside).
 */
const SPLIT_CONTRAST = 1.5;
/** A pixel differs (is on the footprint) by this many times the mean difference around. */
const FOOTPRINT_CONTRAST = 3;
/** Fewest pixels the halves must differ on. */
const LEAST_FOOTPRINT = 64;
/**
 * Across the footprint's edge, the half with the mark steps this many times more than the one
 * without: the mark's outline is there in one and the picture runs on in the other (29 levels
 * against 2.4 on the webcam, 80 against 1.2 on the flower).
 */
const EDGE_CONTRAST = 4;
/**
 * Still structure the half without the mark may show in the area, as a multiple of its
 * surroundings', beyond which it holds a mark too (one in every frame: what changed between
 * the halves was something else).
 */
const CLEAN_STRUCTURE = 2.5;

export function stillPictureSplit(
  window: PlaneWindow,
  samples: readonly Uint8Array[],
): StillSplit | null {
  const half = Math.floor(samples.length / 2);
  if (half < 3 || !holdsStill(window, samples)) return null;
  const first = medianImage(samples.slice(0, half));
  const second = medianImage(samples.slice(half));
  const change = lightChange(window, second, first);
  const inGap = insideError(window, second, first, change.shift).absolute;
  if (inGap < SPLIT_LEVELS || inGap < SPLIT_CONTRAST * change.mismatch) return null;
  const least = Math.max(SPLIT_LEVELS, FOOTPRINT_CONTRAST * change.mismatch);
  const footprintMask = Uint8Array.from(first, (value, i) =>
    window.inside[i] && Math.abs((second[i] as number) - value - change.shift) > least ? 1 : 0,
  );
  const footprint = setPixels(footprintMask);
  if (footprint.length < LEAST_FOOTPRINT) return null;
  const firstEdge = edgeStep(window, first, footprintMask);
  const secondEdge = edgeStep(window, second, footprintMask);
  const [marked, clean] = firstEdge > secondEdge ? [first, second] : [second, first];
  if (Math.max(firstEdge, secondEdge) < EDGE_CONTRAST * Math.min(firstEdge, secondEdge))
    return null;
  if (imageStructure(window, clean) > CLEAN_STRUCTURE) return null;
  return { marked, clean, footprint };
}

/**
 * Whether the picture around the area holds still: its steps stay put, or (a flat sky) its
 * values barely change.
 */
function holdsStill(window: PlaneWindow, samples: readonly Uint8Array[]): boolean {
  return (
    steadyShare(window, samples) > STEADY_PICTURE ||
    marginMotion(window, samples) < MOVING_DEVIATION
  );
}

/** Whether a frame's area (its luma window) is closer to how it looks with the mark. */
export function showsMarkStill(split: StillSplit, window: PlaneWindow, luma: Uint8Array): boolean {
  return distance(split, split.marked, window, luma) < distance(split, split.clean, window, luma);
}

/** Mean absolute difference over the footprint from `image`, the light around matched. */
function distance(split: StillSplit, image: Float32Array, window: PlaneWindow, luma: Uint8Array) {
  const shift = marginShift(window, luma, image);
  let sum = 0;
  for (const i of split.footprint)
    sum += Math.abs((luma[i] as number) - (image[i] as number) - shift);
  return sum / split.footprint.length;
}

/** Mean absolute step of `image` between neighbours on either side of the mask's edge. */
function edgeStep(window: PlaneWindow, image: Float32Array, mask: Uint8Array): number {
  let sum = 0;
  let count = 0;
  eachPair(window.width, window.height, (i, j) => {
    if (mask[i] === mask[j]) return;
    sum += Math.abs((image[i] as number) - (image[j] as number));
    count++;
  });
  return count === 0 ? 0 : sum / count;
}
