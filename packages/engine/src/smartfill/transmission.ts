import { dilate } from "../pixel-masks";
import { type BlendStats, CHANGE_NOISE, changeEnergy } from "./blend-stats";
import { FILL_GAIN, MARKED_GAIN, OPAQUE_MARK } from "./dominant-opacity";
import { integratePairs } from "./integrate-pairs";
import { BROAD_MARK, interiorShare } from "./mark-interior";
import type { PlaneWindow } from "./mark-window";
import { medianDifferences, pixelsOnSteps } from "./median-differences";
import { createPairField, eachPair, type PairField } from "./pair-field";

/** Neighbours whose median difference exceeds this many levels lie on the mark's outline. */
export const OUTLINE_STEP = 1.5;
/**
 * How close (pixels) to where lightness shows the outline colour no longer adds to it: there the
 * narrower band of lightness steps is kept, since a wider band compares pixels further apart,
 * whose own changes differ more.
 */
const LIGHTNESS_REACH = 2;
/**
 * A broad logo's soft edge fades over many pixels, each step of its median difference a level
 * or less: under OUTLINE_STEP, the fade was held to one transmission and only its inner end
 * counted, and the logo was taken for fainter than it is (a street's logo of opacity 0.45 for
 * 0.38; 32.4 dB). Steps over this many levels count as outline too, on a broad mark (see
 * BROAD_MARK) and where the picture changes by FAINT_ENERGY or more on both sides of the step:
 * there its changes are measured well. Over a dashcam's still road, changes of 2 to 100 levels²
 * gave ratios that were more noise than fade: with faint steps from 100, its logo lost 0.7 dB.
 * On the bench's soft logos (four seeds, 40 cases) the street's gained 1.4 to 1.9 dB (33.9,
 * 34.1, 32.1, 34.3), a dim face's 3.7 and 0.9, the rest within 0.2 but one (0.6 over a parking
 * lot, 35.7); its text and opaque logos are as they were.
 */
const FAINT_STEP = 0.75;
/** Mean squared change between samples (levels²) from which a faint step is trusted (above). */
const FAINT_ENERGY = 400;
/** Weight that ties neighbours off the outline to one transmission (a mark's flat parts). */
const HOLD = 0.2;
/**
 * The same tie between neighbours more than a pixel from the outline: a mark's inside is one
 * opacity, so its transmission is the steps across the whole outline taken together. Held only
 * as loosely as on the outline, it followed how much the picture changes on either side of
 * each stretch of the outline (more behind one part of a logo than behind another), and a
 * logo of one opacity was taken off as two patches of different strength. On the bench's soft
 * logos (three seeds, 30 cases), the learnt correction came 1.2 dB closer to the picture beneath
 * on average; over a dim, blurred corner whose logo's lightness barely shows, 1.7 dB.
 */
const HOLD_INSIDE = 20;
/**
 * Most change of log transmission, either way, that two neighbours inside the mark stepping in
 * colour alone (in the outline's gaps) may say lies between them. A mark's colours are drawn at
 * one opacity, or step in lightness where it changes; where lightness does not step, the
 * changes compared are as often the picture's own. Along the edge of the path cars take beneath
 * a parking lot's logo (seed unseen-53) they fell from 65 to 18 levels² between two pixels,
 * perfectly in step, and the disc of the logo's other colour, crossing that edge, was taken for
 * nearly twice the opacity of the rest (gain 3.6 for a true 1.8; 30.66 dB). Capped: 2.7, and
 * 32.77 dB. On the mark's outer outline colour alone may step far more (a logo as light as a
 * butterfly's bokeh; capped there too, 37.5 dB went to 31.5).
 */
const MOST_INNER_COLOUR_STEP = 0.2;
/** Log transmission under which a pixel is inside the mark (its gain above MARKED_GAIN). */
const MARKED_LOG_TRANSMISSION = -Math.log(MARKED_GAIN);
/** Least transmission (opacity 0.9): below it a pixel is opaque and filled, not inverted. */
const LEAST_TRANSMISSION = 0.1;

/**
 * How much of the picture beneath each pixel comes through the mark (1 - opacity), from how
 * much the picture changes on either side of the mark's outline: a mark of opacity alpha damps
 * every change beneath it by 1 - alpha. Only pairs across the outline (a steady difference
 * over time) compare their changes; elsewhere neighbours are held to one value, so a picture
 * that merely changes less in one part is not mistaken for a mark. 1 outside the region.
 * `stats` are the samples' running sums (their consecutive changes). `colour` flags the pixels
 * on the mark's colour outline (see colour-outline.ts): where a mark about as light as the
 * picture leaves gaps in the outline that lightness shows, the colour one fills them.
 */
export function estimateTransmission(
  window: PlaneWindow,
  samples: readonly Uint8Array[],
  stats: BlendStats,
  colour: Uint8Array,
): Float64Array {
  const { width, height, inside: unknown } = window;
  const outline = medianDifferences(width, height, unknown, samples);
  const shown = pixelsOnSteps(outline, OUTLINE_STEP);
  const gaps = outlineGaps(shown, colour, width, height);
  const energy = changeEnergy(stats);
  const nearOutline = dilate(
    shown.map((set, i) => set | (gaps[i] ?? 0)),
    width,
    height,
    1,
  );
  const integrate = (faint: boolean) => {
    const { target, weight } = pairSteps(window, outline, energy, gaps, nearOutline, faint);
    let logTransmission = integratePairs(unknown, target, weight, { nonPositive: true });
    if (capInnerColourSteps(logTransmission, target, gaps)) {
      logTransmission = integratePairs(unknown, target, weight, { nonPositive: true });
    }
    return logTransmission;
  };
  let logTransmission = integrate(false);
  if (seeThroughLogo(logTransmission, window)) logTransmission = integrate(true);
  return logTransmission.map((value) => Math.max(LEAST_TRANSMISSION, Math.exp(value)));
}

/**
 * Whether a first answer is a broad mark (a logo: see BROAD_MARK) that lets the picture through,
 * whose fade the faint steps follow (see FAINT_STEP). An opaque one (see OPAQUE_MARK) is filled
 * from around: there they changed eight logos by 0.08 dB at most, and cost a butterfly's 720p
 * clip 0.7 s of its learning.
 */
function seeThroughLogo(logTransmission: Float64Array, { width, height, inside }: PlaneWindow) {
  const gain = logTransmission.map((value) => Math.exp(-value));
  let region = 0;
  let opaque = 0;
  for (let i = 0; i < gain.length; i++) {
    if (!inside[i]) continue;
    region++;
    if ((gain[i] as number) >= FILL_GAIN) opaque++;
  }
  return opaque <= OPAQUE_MARK * region && interiorShare(gain, width, height) >= BROAD_MARK;
}

/**
 * Per pair of neighbours touching the region, the step of log transmission the picture's
 * changes on either side ask for (`target`), and how firmly (`weight`): pairs across the
 * outline compare their changes; the others are held to one value. With `faint`, so are pairs
 * whose median difference is a faint step (over FAINT_STEP) where the picture moves strongly
 * (FAINT_ENERGY).
 */
function pairSteps(
  window: PlaneWindow,
  outline: PairField,
  energy: Float64Array,
  gaps: Uint8Array,
  nearOutline: Uint8Array,
  faint: boolean,
): { target: PairField; weight: PairField } {
  const { width, height, inside: unknown } = window;
  const target = createPairField(width, height);
  const weight = createPairField(width, height);
  eachPair(width, height, (i, j, side) => {
    if (!unknown[i] && !unknown[j]) return;
    const inGap = gaps[i] === 1 && gaps[j] === 1;
    const ei = energy[i] ?? 0;
    const ej = energy[j] ?? 0;
    const low = Math.min(ei, ej);
    const step = faint && low >= FAINT_ENERGY ? FAINT_STEP : OUTLINE_STEP;
    if (!inGap && Math.abs(outline[side][i] ?? 0) <= step) {
      weight[side][i] = nearOutline[i] || nearOutline[j] ? HOLD : HOLD_INSIDE;
      return;
    }
    weight[side][i] = low / (low + CHANGE_NOISE);
    target[side][i] = 0.5 * Math.log((ej + 0.1) / (ei + 0.1));
  });
  return { target, weight };
}

/** The pixels of the colour outline away from those where lightness shows the outline. */
function outlineGaps(
  shown: Uint8Array,
  colour: Uint8Array,
  width: number,
  height: number,
): Uint8Array {
  const near = dilate(shown, width, height, LIGHTNESS_REACH);
  return colour.map((set, i) => (set && !near[i] ? 1 : 0));
}

/**
 * Caps the steps asked between neighbours in the outline's gaps that the first answer,
 * `logTransmission`, puts both inside the mark (see MOST_INNER_COLOUR_STEP); whether any was.
 * Pixels outside the region are never inside the mark: their answer is 0.
 */
function capInnerColourSteps(
  logTransmission: Float64Array,
  target: PairField,
  gaps: Uint8Array,
): boolean {
  const innerGap = (i: number) =>
    gaps[i] === 1 && (logTransmission[i] ?? 0) < MARKED_LOG_TRANSMISSION;
  let capped = false;
  eachPair(target.width, target.height, (i, j, side) => {
    if (!innerGap(i) || !innerGap(j)) return;
    const step = target[side][i] ?? 0;
    if (Math.abs(step) <= MOST_INNER_COLOUR_STEP) return;
    target[side][i] = Math.sign(step) * MOST_INNER_COLOUR_STEP;
    capped = true;
  });
  return capped;
}
