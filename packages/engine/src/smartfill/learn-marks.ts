import type { Region } from "../regions";
import { type CleanEdges, cleanEdges } from "./clean-edges";
import { MARKED_GAIN, OPAQUE_MARK } from "./dominant-opacity";
import { borderFillError, compareWithFill, type FillComparison } from "./fill-error";
import { leftoverSteps } from "./leftover-steps";
import { deviationOf, MOVING_DEVIATION, marginMotion } from "./margin-motion";
import { BROAD_MARK, interiorShare } from "./mark-interior";
import {
  cropWindowSample,
  estimateMark,
  flips,
  lumaPresence,
  type MarkModel,
  MOST_FLIPS,
  overStillPictureModel,
  PRESENCE_CORRELATION,
  type WindowSample,
} from "./mark-model";
import { corrected } from "./mark-offset";
import { type MarkWindow, markWindow } from "./mark-window";
import { medianOf } from "./median-differences";
import { eachPair } from "./pair-field";
import { backgroundPlate, MIN_UNMARKED, type Plate } from "./plate-fill";
import type { YuvLayout } from "./yuv-layout";

/** Frames learnt from: enough for steady statistics, few enough to stay quick. */
export const MAX_SAMPLES = 120;
/** Windows larger than this many luma pixels in all are filled, not learnt (memory, time). */
export const MAX_LEARNT_PIXELS = 1_200_000;
/**
 * Share of the mark's edge contrast left after the correction, on the frames that show it,
 * above which the correction is not trusted and the region is filled from its border instead.
 */
export const MAX_EDGE_RESIDUE = 0.3;

/**
 * A mark the user marked shows in a good part of the video; when the learnt one is seen in
 * fewer samples than this share, it was not learnt and the border fill is used.
 */
export const MIN_SHOWN_SHARE = 0.25;
/**
 * A learnt correction that changes the region by less than this many luma levels (root mean
 * square) found next to nothing: the area is treated as not learnt and filled from its border,
 * as a user who marked it expects something to go; in every frame, unless the samples told
 * which frames show it.
 */
export const FAINTEST_MARK = 4;
/** Share of samples showing the mark from which it is taken to be in every frame. */
export const ALWAYS_SHOWN = 0.9;
/** Mean absolute luma difference between neighbours below which surroundings are flat. */
export const FLAT_TEXTURE = 0.6;

/**
 * Typical change of the picture beneath the mark (standard deviation over the samples that
 * show it, undone by the mark's gain) below which that picture held still: the mark and what
 * lies beneath it could not be told apart.
 */
export const STILL_BENEATH = 4;
/**
 * The same for a logo whose clearest samples follow it only faintly (presence under
 * PRESENCE_CORRELATION): with so little to check its correction by, more must change beneath
 * it before that correction is trusted in full. A flower macro's at 4.13 (presence 0.16) lost
 * 2.7 dB against the input in full; its logos corrected in full from 6.07 gained 2.9 to 8.6
 * against halfway.
 */
export const STILL_BENEATH_UNFOLLOWED = 5;
/**
 * Below this motion of its surroundings, a logo's picture moves too little to check a
 * correction that the samples barely follow (FAINT_PRESENCE, UNCHECKED_PRESENCE).
 * Halfway, the flower macro's lost 1.5 dB on one seed and gained 4 on another, with nothing
 * learnt that told them apart.
 */
export const SLOW_AROUND = 8;
/**
 * A presence threshold below this, judged on lightness, says that even the clearest samples
 * follow the learnt mark's pattern faintly (correlation under 0.3, see mark-model's
 * `lumaPresence`), though the picture changes beneath it: its correction cannot be checked, as
 * over a still picture. Not on colour: over a still picture a logo's colour steps stay put in
 * every sample, whether the correction learnt from them is right or not. The flower macro's
 * logos that enter this way read 0.06 and 0.10 (corrected, 3 dB under the input); a
 * butterfly's over a flat, blurred background, 0.19, and its correction scores 36.5 dB where
 * the border fill scores 31.4 and the input 28.2.
 */
export const FAINT_PRESENCE = 0.15;
/**
 * Where little changes beneath a logo, the presence (correlation under 0.4, read only where
 * its surroundings move slowly) under which it is left as it is rather than corrected
 * halfway. On ten seeds of the flower macro's logo, those read 0.06 to 0.11, 0.16 (half the
 * correction lost 1.0 dB against the input, now left), 0.23 (half gained 2.6) and 0.3 (full,
 * +1.6 to +13).
 */
export const UNCHECKED_PRESENCE = 0.2;
/**
 * Still structure a correction learnt over a still picture may leave in the region, as a
 * multiple of its surroundings' (see leftover-steps.ts), above which it left part of the mark.
 * Text over still pictures measured 0.5 to 1.5 on the bench's seeds; where the gain map missed
 * whole letters over a blurred flower, 4.2 (24.4 dB, against 33.6 for the fill). Where it missed
 * scattered pixels of the letters, 2.09 (seed unseen-64: speckled letters left standing, 29.65
 * dB against delogo's 30.13; learnt next to their steps too, 37.31). Over the same flower the
 * other seeds' text read 1.55 and 1.67, and kept its inverse (35.7 and 35.4 dB; with the steps,
 * 35.0 and 35.2); of fifty text cases on five seeds, that one alone reads between 1.8 and 2.5.
 */
export const LEFTOVER_STEPS = 1.8;
/**
 * A mark left as it is costs what its correction changes (mean squared luma levels, see
 * compareWithFill); over a still picture that reads high, as the correction also takes in the
 * picture's own detail: a synthetic logo that costs 610 read 1,096. Above this (16.4 dB),
 * leaving a mark costs more than a fill from the border costs over the still pictures
 * measured (19 to 22 dB inside an opaque logo's area), so a mark that cannot be checked is
 * filled rather than kept. The logos kept on the bench's seeds read 95 to 419; thick text
 * over a webcam's room and a dashcam's sky read 3,398 and 2,291, and was kept at 13.0 and
 * 14.7 dB where the fill scores 33.4 and 26.8.
 */
export const LOUDEST_KEPT = 1500;
/**
 * Texture of the surroundings (see FLAT_TEXTURE) from which a logo is taken halfway out only
 * where the picture beneath changes at least DRIFT_UNDER_TEXTURE: less, its correction takes
 * in the picture's own still edges. Webcams' rooms whose surroundings only just move (2.05 to
 * 2.41): over the wall (texture 1.09 to 1.14) halfway gained 0.2 to 2.4 dB on the input; over
 * the monitor's edges (texture 1.86 to 2.71, beneath 1.78 to 2.35) it lost 0.6 to 3.6, and is
 * now left. A dashcam's road (0.86) and a flower macro's blur (1.25) gain halfway, as does a
 * still texture whose light drifts (2.43, beneath 2.79; see the learning tests).
 */
export const TEXTURED_STILL = 1.5;
/** Change beneath a logo over textured surroundings from which it goes halfway (see above). */
export const DRIFT_UNDER_TEXTURE = 2.5;
/** Share of an unverifiable correction applied: halfway between it and the input. */
export const HEDGED_STRENGTH = 0.5;
/**
 * Below this change beneath a mark over a still picture, nothing is seen through it: it may
 * be opaque, and a fill is the only guess.
 */
export const SEEN_THROUGH = 1;
/**
 * From this change beneath a logo (under STILL_BENEATH), where the clearest samples follow it
 * closely (presence at PRESENCE_CORRELATION), its correction is applied in full rather than
 * halfway: the picture beneath drifts, as a dashcam's sky does (3.0 to 4.0 on four seeds: in
 * full 35.3 to 41.3 dB, halfway 22.0 to 32.8). Webcams' rooms read 1.78 to 2.24 (in full -1.1
 * to -3.1 dB against halfway, over seven seeds) and 2.55 (+0.3); a swaying blurred flower
 * 2.97, but its samples follow the learnt logo less closely (presence 0.255; in full -3.8 dB).
 */
export const DRIFTING_BENEATH = 2.8;
/**
 * The same over smooth surroundings (SMOOTH_TEXTURE): a drift of the light teaches the mark's
 * gain, and a picture as smooth as the border around it also tells the mark's colour. Over a
 * textured one what lies beneath is not known, so neither is the colour: a still texture whose
 * light drifts (2.79 beneath, texture 2.4) lost 2.6 dB in full against halfway. Dashcams' roads
 * read 2.57 to 2.69 (texture 0.72 to 0.98; halfway 27.2 to 28.2 dB, in full 37.4 to 39.1),
 * webcams' rooms losing in full 1.78 to 2.24 (texture 1.24 to 2.82).
 */
export const DRIFTING_OVER_SMOOTH = 2.4;
/**
 * Texture of the surroundings (see FLAT_TEXTURE) under which a logo that would be left as it is
 * is filled from its border instead: a wall this smooth is nearly what the fill makes of it,
 * and the logo goes. Webcams' walls read 0.70 and 0.72 (filled 27.2 and 27.3 dB, kept 22.8 and
 * 25.8) and 1.03 (27.35 against 27.38); kept, a flower macro's blur reads 1.27 (filled: -3.0
 * dB) and a webcam's monitor 3.19 (-6.0).
 */
export const BARE_WALL = 0.9;
/** Texture of the surroundings (see FLAT_TEXTURE) under which they are smooth: a sky, a road. */
export const SMOOTH_TEXTURE = 1.1;
/**
 * The same where the surroundings are still but for noise (under MOVING_DEVIATION): a sky whose
 * light drifts reads about 2 around, on either side of it from one encoder build to another.
 * Beneath it the samples show the drift clearly (3.76 and 3.78 on two seeds of thick text:
 * in full 35 dB, filled 30.8); webcams' rooms, which say nothing of the mark, read up to 2.86.
 */
export const DRIFTING_UNDER_STILL = 3.3;
/**
 * Mean squared difference (levels²) between the corrected samples and their border fill under
 * which the picture beneath is flat, and a correction that cannot be faulted is averaged with
 * its fill (flat-mean.ts). Of twenty text cases (two seeds) only two read under it, text over
 * a parking lot's asphalt (3.53) and over the bee's bokeh (3.56): both gain (+1.85 and +1.17
 * dB); of ten jumping marks and fifteen logos, one jumping region (5.25) reads under it, and
 * scores as before. Over a flower macro's blur (12.8) and a butterfly's (56.8) the mean lost
 * 0.4 and 0.3 dB.
 */
export const FLAT_BENEATH = 6;

/**
 * What to do in one region: invert the learnt mark, fill from the border, or keep it as it is
 * (a logo over a still picture: any guess would be further from the truth); `model` (when the
 * mark was found) also says which frames show it, so frames without it stay untouched.
 */
export type RegionPlan = {
  kind: "invert" | "fill" | "keep";
  model: MarkModel | null;
  /** The mark shows in (nearly) every sample: work on every frame without testing it. */
  always: boolean;
  /** The picture beneath, where samples without the mark show it (see plate-fill.ts). */
  plate?: Plate;
  /** The sides whose outermost line a fill from the border keeps (see clean-edges.ts). */
  edges?: CleanEdges;
} & (
  | {
      kind: "invert";
      model: MarkModel;
      /** Share of the correction applied (1, or HEDGED_STRENGTH when it cannot be checked). */
      strength: number;
      /** Averaged with its border fill where the picture is flat (see FLAT_BENEATH). */
      withFill?: boolean;
    }
  | { kind: "fill" | "keep" }
);

export type LearntMarks = RegionPlan[];

/** Every how many frames to sample so that at most MAX_SAMPLES are kept. */
export function sampleStep(frameCount: number): number {
  return Math.max(1, Math.ceil(frameCount / MAX_SAMPLES));
}

/** Collects windows of sampled frames, then learns each region's mark from them. */
export function createMarkLearner(layout: YuvLayout, regions: readonly Region[]) {
  let budget = MAX_LEARNT_PIXELS;
  const windows: (MarkWindow | null)[] = regions.map((region) => {
    const window = markWindow(layout, region);
    const pixels = window[0].width * window[0].height;
    if (pixels > budget) return null;
    budget -= pixels;
    return window;
  });
  const samples: WindowSample[][] = windows.map(() => []);
  return {
    add(frame: Uint8Array): void {
      windows.forEach((window, index) => {
        if (!window) return;
        samples[index]?.push(cropWindowSample(frame, window));
      });
    },
    /** `checkpoint` runs before each fit and throws to stop the learning. */
    learn(checkpoint: () => void = () => {}): LearntMarks {
      return windows.map((window, index): RegionPlan => {
        const taken = samples[index] ?? [];
        const unknown: RegionPlan = { kind: "fill", model: null, always: true };
        if (!window || taken.length < 3) return unknown;
        const { model, present } = estimateMark(window, taken, checkpoint);
        const edges = cleanEdges(window, taken);
        const plan = { ...planRegion(window, taken, model, present, edges), edges };
        if (!plan.model || plan.always) return plan;
        const hidden = taken.filter((_, i) => !present[i]);
        if (hidden.length < MIN_UNMARKED) return plan;
        const plate = backgroundPlate(window[0], hidden, edges[0]);
        return plate ? { ...plan, plate } : plan;
      });
    },
  };
}

/** What to do in one region, from its learnt mark and the samples that show it. */
function planRegion(
  window: MarkWindow,
  taken: readonly WindowSample[],
  model: MarkModel,
  present: readonly boolean[],
  edges: CleanEdges,
): RegionPlan {
  const plan = choosePlan(window, taken, model, present, edges);
  // A mark in every frame is not looked for frame by frame, so the inverse of a thin one (text)
  // can be learnt again over a still picture (see overStillPicture). The plan is chosen as
  // before: judged on this inverse, a faint logo over the parking lot went to the border fill,
  // 4 dB under the input. Not for broad marks, whose gain map over a still picture is too rough
  // to say which pixels they spare (flower macro logos lost 1 to 4.6 dB), nor opaque ones.
  if (plan.kind !== "invert" || !plan.always) return plan;
  if (plan.model.opaqueShare > OPAQUE_MARK || broadShare(plan.model) >= BROAD_MARK) return plan;
  const shown = taken.filter((_, i) => present[i]);
  const still = overStillPictureModel(plan.model, shown);
  if (still.corrections[0] === plan.model.corrections[0]) return plan;
  if (leftoverSteps(still, shown) <= LEFTOVER_STEPS) return { ...plan, model: still };
  // Learnt again only where the gain says the mark covers, the correction keeps whatever the
  // gain map missed: letters left standing out from the picture around, where too little
  // changed beneath them to learn their gain. Their steps stand out too: learnt there as
  // well, the letters go; where some still stand, the fill is safer.
  const withSteps = overStillPictureModel(plan.model, shown, true);
  if (leftoverSteps(withSteps, shown) <= LEFTOVER_STEPS) return { ...plan, model: withSteps };
  return { kind: "fill", model: plan.model, always: plan.always };
}

/** The plan for one region, judged on the mark as it was learnt. */
function choosePlan(
  window: MarkWindow,
  taken: readonly WindowSample[],
  model: MarkModel,
  present: readonly boolean[],
  edges: CleanEdges,
): RegionPlan {
  const unknown: RegionPlan = { kind: "fill", model: null, always: true };
  const shown = taken.filter((_, i) => present[i]);
  if (shown.length < Math.max(3, MIN_SHOWN_SHARE * taken.length)) return unknown;
  const always = shown.length >= ALWAYS_SHOWN * taken.length || flips(present) > MOST_FLIPS;
  const fill: RegionPlan = { kind: "fill", model, always };
  const invert: RegionPlan = { kind: "invert", model, always, strength: 1 };
  const hedged: RegionPlan = { ...invert, strength: HEDGED_STRENGTH };
  const keep: RegionPlan = { ...fill, kind: "keep" };
  const around = surroundingMotion(window, taken);
  const stillAround = around < MOVING_DEVIATION;
  // An opaque mark over a still picture: no frame shows what it hides, and the fill from the
  // box's border lands closer than one from the few pixels the mark spares inside it (a
  // webcam's room: 22.0 dB against 17.6, with flicker).
  if (model.opaqueShare > OPAQUE_MARK) return stillAround ? fill : invert;
  const errors = compareWithFill(model, shown, edges[0]);
  if (errors.mark < FAINTEST_MARK ** 2) return always ? unknown : fill;
  // Thin marks (text) keep sharp edges where a correction is wrong: where it is doubtful,
  // the border fill is safer. Broad ones (logos) lose contrast, not shape.
  const thin = broadShare(model) < BROAD_MARK;
  // Nothing told the mark from a still picture: not around it, or (for a logo, whose
  // inside is learnt from what changes beneath it) not beneath it, or so little that the
  // samples barely follow what was learnt (a blurred picture that sways). A fill is nearly exact
  // on flat surroundings, and the only guess where nothing shows through the mark.
  // Elsewhere a logo's correction cannot be checked: where at least its surroundings
  // move it is applied halfway, so that a wrong guess cannot leave the picture further
  // from the truth than the input (over textured surroundings that barely change beneath it,
  // see TEXTURED_STILL, a guess can: there it is left); where nothing moves at all, or the
  // samples barely follow the learnt mark, the logo is left as it is, unless samples without
  // it show the fill lands closer (see fillBeatsMark), leaving it would cost more than a
  // fill (LOUDEST_KEPT) or its surroundings are as smooth as a bare wall (BARE_WALL).
  // Surroundings still but for noise (a webcam's room, under MOVING_DEVIATION) say nothing of
  // the logo. A little above, a picture whose light drifts (a dashcam's sky) shows its damping
  // well enough for half its correction: on the bench's unseen seeds, dashcam logos at 2.5 and
  // 2.7 gained 4.6 and 5.3 dB halfway, webcam ones at 2.1 and 2.2 kept their level (+0.1, +0.6),
  // where at 1.1 one lost 2.2 dB. Where the samples follow the learnt mark clearly (read where
  // the surroundings move slowly) and the picture beneath drifts enough (DRIFTING_BENEATH, or
  // DRIFTING_UNDER_STILL where the surroundings look still), all of it.
  const beneath = changeBeneath(model, shown);
  const presence = around < SLOW_AROUND ? lumaPresence(model, taken) : 1;
  const stillBeneath = presence < PRESENCE_CORRELATION ? STILL_BENEATH_UNFOLLOWED : STILL_BENEATH;
  if (stillAround || (!thin && (beneath < stillBeneath || presence < FAINT_PRESENCE))) {
    if (thin || beneath < SEEN_THROUGH) return fill;
    const texture = surroundingTexture(window, taken);
    if (texture < FLAT_TEXTURE) return fill;
    const followed = around < SLOW_AROUND && presence >= PRESENCE_CORRELATION;
    if (followed && beneath >= driftingBeneath(stillAround, texture)) {
      return invert;
    }
    if (stillAround || presence < UNCHECKED_PRESENCE) {
      const fillCloser =
        errors.mark > LOUDEST_KEPT || fillBeatsMark(window, taken, present, edges, errors);
      if (fillCloser) return fill;
      // A logo fainter than the detail of the moving picture beneath it (its correction
      // changes less than a fill from the border would) goes halfway: over a dashcam's road,
      // four of fifty seeds gained 2.8 to 6.0 dB so, where the flower macro's blur, with less
      // detail than its logos, reads the other way on all but one (-0.2 dB halfway).
      if (!stillAround && errors.mark < errors.fill) return hedged;
      return texture < BARE_WALL ? fill : keep;
    }
    return texture >= TEXTURED_STILL && beneath < DRIFT_UNDER_TEXTURE ? keep : hedged;
  }
  if (edgeResidue(model, shown) <= MAX_EDGE_RESIDUE)
    return errors.fill < FLAT_BENEATH ? { ...invert, withFill: true } : invert;
  // A doubtful correction: even a rough one is closer than a fill on a broad mark. On a
  // thin one the fill is safer, unless the mark is so faint that the fill would land
  // further from the picture than the mark does: then the correction goes halfway.
  if (!thin) return invert;
  return errors.fill < errors.mark ? fill : hedged;
}

/** The change beneath a followed logo from which its correction is applied in full. */
function driftingBeneath(stillAround: boolean, texture: number): number {
  if (stillAround) return DRIFTING_UNDER_STILL;
  return texture < SMOOTH_TEXTURE ? DRIFTING_OVER_SMOOTH : DRIFTING_BENEATH;
}

/**
 * Whether, judged on the samples without the mark (which show the picture beneath it), the
 * border fill lands closer to the picture than the mark leaves it (`errors.mark`): text
 * learnt as a blur over a sky that hardly moves would otherwise be kept.
 */
function fillBeatsMark(
  window: MarkWindow,
  taken: readonly WindowSample[],
  present: readonly boolean[],
  edges: CleanEdges,
  errors: FillComparison,
): boolean {
  const hidden = taken.filter((_, i) => !present[i]).map((sample) => sample[0]);
  if (hidden.length < MIN_UNMARKED) return false;
  return borderFillError(window[0], hidden, edges[0]) < errors.mark;
}

/**
 * How much of the contrast across the mark's edges the correction leaves, over frames that
 * show the mark: near 0 when it takes the mark out, near or above 1 when it does not.
 */
export function edgeResidue(model: MarkModel, shown: readonly WindowSample[]): number {
  const luma = model.corrections[0];
  const { width, height } = model.window[0];
  let before = 0;
  let after = 0;
  for (const sample of shown) {
    const pixels = sample[0];
    const restored = (i: number) => corrected(luma, i, pixels[i] ?? 0);
    const pair = (p: number, q: number) => {
      const weight =
        Math.abs((luma.gain[p] ?? 1) - (luma.gain[q] ?? 1)) +
        Math.abs((luma.offset[p] ?? 0) - (luma.offset[q] ?? 0)) / 64;
      if (weight < 0.02) return;
      before += weight * ((pixels[p] ?? 0) - (pixels[q] ?? 0)) ** 2;
      after += weight * (restored(p) - restored(q)) ** 2;
    };
    eachPair(width, height, pair);
  }
  return before === 0 ? Number.POSITIVE_INFINITY : after / before;
}

/** Mean absolute difference between neighbouring luma pixels of the window's margin. */
export function surroundingTexture(window: MarkWindow, samples: readonly WindowSample[]): number {
  const { width, height, inside } = window[0];
  let total = 0;
  let count = 0;
  for (const sample of samples) {
    const pixels = sample[0];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x + 1 < width; x++) {
        const i = y * width + x;
        if (inside[i] || inside[i + 1]) continue;
        total += Math.abs((pixels[i] ?? 0) - (pixels[i + 1] ?? 0));
        count++;
      }
    }
  }
  return count === 0 ? 0 : total / count;
}

/** `interiorShare` of the model's luma gain: whether the mark is broad (a logo) or thin. */
function broadShare(model: MarkModel): number {
  const { width, height } = model.window[0];
  return interiorShare(model.corrections[0].gain, width, height);
}

/**
 * Median over the marked luma pixels (opacity above 0.2) of their standard deviation over the
 * samples that show the mark, times the gain: how much the picture beneath them changes.
 */
export function changeBeneath(model: MarkModel, shown: readonly WindowSample[]): number {
  const gain = model.corrections[0].gain;
  const inside = model.window[0].inside;
  const lumas = shown.map((sample) => sample[0]);
  const deviations: number[] = [];
  for (let i = 0; i < inside.length; i++) {
    const pixelGain = gain[i] ?? 1;
    if (!inside[i] || pixelGain <= MARKED_GAIN) continue;
    deviations.push(pixelGain * deviationOf(lumas, i));
  }
  return medianOf(Float32Array.from(deviations));
}

/** Median over the window's margin of each luma pixel's standard deviation over the samples. */
export function surroundingMotion(window: MarkWindow, samples: readonly WindowSample[]): number {
  return marginMotion(
    window[0],
    samples.map((sample) => sample[0]),
  );
}
