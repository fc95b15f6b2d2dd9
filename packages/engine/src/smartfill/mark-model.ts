import { dilate, erode, setPixels, shareOf } from "../pixel-masks";
import { addFrame, type BlendStats, createBlendStats, meanOf, pixelMeans } from "./blend-stats";
import { colourOutline } from "./colour-outline";
import { FILL_GAIN, OPAQUE_MARK, snapToDominantGain } from "./dominant-opacity";
import { MOVING_DEVIATION } from "./margin-motion";
import {
  type BlendCorrection,
  corrected,
  correctionWithGain,
  overStillPicture,
} from "./mark-offset";
import { cropWindow, type MarkWindow, type PlaneWindow } from "./mark-window";
import { eachPair } from "./pair-field";
import { withoutSpiltGain } from "./spilt-gain";
import { type StillSplit, showsMarkStill, stillPictureSplit } from "./still-split";
import { estimateTransmission } from "./transmission";

/** One sampled frame's pixels of a window, per plane. */
export type WindowSample = readonly [Uint8Array, Uint8Array, Uint8Array];

/** A frame's pixels of a window. */
export function cropWindowSample(frame: Uint8Array, window: MarkWindow): WindowSample {
  return [cropWindow(frame, window[0]), cropWindow(frame, window[1]), cropWindow(frame, window[2])];
}

/** A plane of a window's pixels with the mark's blend inverted inside the region. */
export function correctWindow(
  model: MarkModel,
  plane: 0 | 1 | 2,
  pixels: Uint8Array,
): Float32Array {
  const correction = model.corrections[plane];
  const inside = model.window[plane].inside;
  const values = new Float32Array(pixels);
  for (let i = 0; i < values.length; i++) {
    if (inside[i]) values[i] = corrected(correction, i, pixels[i] as number);
  }
  return values;
}

/** `correctWindow` in whole levels, as a frame would hold it. */
export function correctWindowBytes(
  model: MarkModel,
  plane: 0 | 1 | 2,
  pixels: Uint8Array,
): Uint8Array {
  return Uint8Array.from(correctWindow(model, plane, pixels), (value) =>
    Math.min(255, Math.max(0, Math.round(value))),
  );
}

/**
 * The model with each plane's correction learnt again from the samples that show the mark
 * where the picture beneath holds still (see `overStillPicture`, and its `withSteps`). Only
 * the corrections change: what tells a frame that shows the mark stays as it was learnt, so a
 * mark looked for frame by frame is found as before.
 */
export function overStillPictureModel(
  model: MarkModel,
  shown: readonly WindowSample[],
  withSteps = false,
): MarkModel {
  const again = (plane: 0 | 1 | 2) =>
    overStillPicture(
      model.window[plane],
      shown.map((sample) => sample[plane]),
      model.corrections[plane],
      withSteps,
    );
  return { ...model, corrections: [again(0), again(1), again(2)] };
}

/** A frame's pixels of a model's window. */
export function cropSample(frame: Uint8Array, model: MarkModel): WindowSample {
  return cropWindowSample(frame, model.window);
}

/**
 * What was learnt about the mark in one window: the correction per plane, the luma pixels too
 * opaque to invert (filled from their surroundings instead), and the pairs of neighbours that
 * tell whether the mark is in a frame.
 */
export type MarkModel = {
  window: MarkWindow;
  corrections: readonly [BlendCorrection, BlendCorrection, BlendCorrection];
  /** Per plane, 1 where the pixel is filled from around it rather than inverted. */
  fill: readonly [Uint8Array, Uint8Array, Uint8Array];
  /**
   * Per plane, 1 where the samples show the same whatever the picture does: the mark's opaque
   * pixels, and those that hold still while the surroundings move. A frame shows the mark there
   * when they keep their mean (see `markEffect`). A transparent mark's still pixels are held
   * without being filled: they may be a still picture beneath it, which its inverse gives back.
   */
  held: readonly [Uint8Array, Uint8Array, Uint8Array];
  /** Share of the region's luma pixels that stay still while their surroundings move. */
  opaqueShare: number;
  /** Mean luma of each pixel over the frames showing the mark (an opaque mark's colour). */
  meanLuma: Float32Array;
  /**
   * An opaque mark's inner pixels (its opaque ones less their edge): wherever it is, they show
   * its own colour whatever lies beneath. Empty for a mark that is not opaque.
   */
  core: Int32Array;
  /** Correlation with the mark above which a frame shows it (see `calibrated`). */
  presence: number;
  /** The edges between the mark's colours that tell whether a frame shows it, per plane. */
  colourEdges: readonly [ColourEdges, ColourEdges, ColourEdges];
  /**
   * Over a still picture whose halves show the area with the mark and without it, how each
   * looks: a frame shows the mark when it is closer to the first (see still-split.ts).
   */
  still: StillSplit | null;
};

/**
 * Neighbours under one opacity of the mark but in two of its colours, where the picture
 * beneath was seen to change (see `colourEdgeCorrelation`): each pair's indices, one after the
 * other, and the difference the mark puts between them. None when there are too few to count.
 */
type ColourEdges = { pairs: Int32Array; expected: Float64Array };

/**
 * Learns the mark from sampled frames: the luma correction from all samples, then, if some
 * samples do not show the mark (a mark that comes and goes, or moves), again from those that
 * do. Over a still picture whose area looks one way in one half of the video and another in
 * the other, the samples are told apart by the area itself (see still-split.ts). Chroma keeps
 * luma's opacity and finds only the mark's colour.
 */
export function estimateMark(
  window: MarkWindow,
  samples: readonly WindowSample[],
  checkpoint: () => void = () => {},
): { model: MarkModel; present: boolean[] } {
  // A fit of samples already fitted (the half that shows a mark which moves once, say) is
  // the same model: it is kept by the samples' indices and not fitted again, and so are its
  // correlations with every sample, which say which show it and how strongly.
  const fits = new Map<string, Fitted>();
  const fit = (indices: readonly number[]): Fitted => {
    const key = indices.join(",");
    const known = fits.get(key);
    if (known) return known;
    checkpoint();
    const part = indices.map((index) => samples[index] as WindowSample);
    const fitted = calibrated(fitModel(window, part), samples);
    fits.set(key, fitted);
    return fitted;
  };
  const all = samples.map((_, index) => index);
  // Over a still picture the mark's pattern is in every sample: the area itself tells them apart.
  const still = stillPictureSplit(
    window[0],
    samples.map((sample) => sample[0]),
  );
  if (still) {
    const shows = samples.map((sample) => showsMarkStill(still, window[0], sample[0]));
    const showing = all.filter((index) => shows[index]);
    if (showing.length >= 3) return { model: { ...fit(showing).model, still }, present: shows };
  }
  let best = fit(all);
  let present = presentIn(best);
  if (present.filter(Boolean).length < MOSTLY_SHOWN * samples.length && samples.length >= 6) {
    // A mark that is there only part of the time is learnt diluted from all frames; one half
    // of the video may show it cleanly (a mark that appears, disappears or moves once).
    const half = Math.floor(samples.length / 2);
    const candidates = [all.slice(0, half), all.slice(half)].map((part) => fit(part));
    for (const candidate of candidates) {
      if (evidence(candidate) > evidence(best)) best = candidate;
    }
    present = presentIn(best);
  }
  const shown = present.filter(Boolean).length;
  if (shown >= 3 && shown < samples.length) {
    best = fit(all.filter((index) => present[index]));
    present = presentIn(best);
    const settled = refitWhileChanging(fit, present);
    if (settled) ({ fitted: best, present } = settled);
  }
  if (flips(present) > MOST_FLIPS) {
    const steadier = presenceInGap(best);
    if (steadier) return { model: steadier.model, present: presentIn(steadier) };
  }
  return { model: best.model, present };
}

/** Most fits of the samples said to show a mark, each from those the last one said show it. */
const REFITS = 4;

/**
 * A fit of the samples said to show a mark that takes in samples without it is diluted, yet
 * may tell them apart cleanly: a text that jumps away from a flower shot's bottom edge (seed
 * unseen-53) was said to show in 81 of 105 samples; learnt from those, in the 53 it shows in,
 * but that fit left its letters standing (24.8 dB in its corner, delogo 34.0). Learnt from the
 * samples the last fit says show it until they no longer change (at most REFITS fits), the
 * fit is taken where they show a mark that comes and goes a few times (MOST_FLIPS): from the
 * 53 samples, 41.6 dB. A mark in every frame that the picture beneath sometimes hides flips
 * more often, fit after fit differently, and each fit from fewer samples is rougher (three
 * logos lost 0.1 to 0.7 dB): the fit is left as it was. Null when there is no other fit.
 */
function refitWhileChanging(
  fit: (indices: readonly number[]) => Fitted,
  present: boolean[],
): { fitted: Fitted; present: boolean[] } | null {
  let fitted: Fitted | null = null;
  let shows = present;
  for (let round = 0; round < REFITS; round++) {
    const indices = shows.flatMap((shown, index) => (shown ? [index] : []));
    if (indices.length < 3) break;
    fitted = fit(indices);
    const next = presentIn(fitted);
    const same = next.every((shown, index) => shown === shows[index]);
    shows = next;
    if (same) break;
  }
  if (!fitted || flips(shows) > MOST_FLIPS || shows.filter(Boolean).length < 3) return null;
  return { fitted, present: shows };
}

/** How many times, sample after sample, the mark goes from shown to not or back. */
export function flips(present: readonly boolean[]): number {
  let count = 0;
  for (let i = 1; i < present.length; i++) if (present[i] !== present[i - 1]) count++;
  return count;
}

/**
 * A mark that comes and goes does so a few times in a video (it appears, leaves, moves, comes
 * back for the end). When the samples said to show it flip from showing to not more often
 * than this, it is a mark that stays where it is and that the picture beneath keeps making
 * hard to see: it is taken to be in every frame (see presenceInGap for the exception).
 */
export const MOST_FLIPS = 4;
/**
 * How far apart (correlation) the samples that show a mark and the others must lie for the
 * two groups to be told apart clearly, each of at least GROUP samples (see presenceInGap).
 */
const CLEAR_GAP = 0.1;
const GROUP = 3;

/**
 * A mark said to flip in and out of the samples more than MOST_FLIPS times may be one that
 * came or went once, with samples where something passing beneath followed its outline a
 * little: a bee flying through the corner a faint text had left (seed unseen-41) followed it at
 * 0.30-0.49, where the frames with the text read 0.65-0.81. Where the samples' correlations
 * fall into two groups with a clear gap between them (CLEAR_GAP), and told apart there they
 * flip no more than MOST_FLIPS times, the fit with its presence threshold in the gap; else null.
 */
function presenceInGap(fitted: Fitted): Fitted | null {
  const sorted = [...fitted.correlations].sort((a, b) => a - b);
  let gap = 0;
  let threshold = 0;
  for (let k = GROUP - 1; k + GROUP < sorted.length; k++) {
    const next = (sorted[k + 1] as number) - (sorted[k] as number);
    if (next <= gap) continue;
    gap = next;
    threshold = ((sorted[k] as number) + (sorted[k + 1] as number)) / 2;
  }
  if (gap < CLEAR_GAP || threshold <= fitted.model.presence) return null;
  const steadier = { ...fitted, model: { ...fitted.model, presence: threshold } };
  return flips(presentIn(steadier)) > MOST_FLIPS ? null : steadier;
}

/**
 * A fitted model and its correlation with each sample (see `markCorrelation`), and across the
 * mark's outline alone (see `outlineCorrelation`).
 */
type Fitted = {
  model: MarkModel;
  correlations: readonly number[];
  outline: readonly number[];
};

/** Which samples show the fitted mark (as `showsMark` says). */
function presentIn({ model, correlations }: Fitted): boolean[] {
  return correlations.map((correlation) => correlation > model.presence);
}

/** Below this share of samples showing the mark, learning from parts of the video is tried. */
const MOSTLY_SHOWN = 0.9;

/**
 * How strongly the samples that show a model's mark show it: the sum of their correlations
 * across its outline. Not across its colours: a fit of every sample of a mark that is there
 * only part of the time takes in edges of the picture as colours of the mark, which would count
 * for it. Not over the samples without it either: a fit of a dashcam's frames before a text
 * came (seed unseen-37) took the lane lines, still in the picture, for a mark; every frame
 * followed them a little (0.3, the presence threshold), and summed over all of them they read
 * as clearly as the text learnt from the frames it shows in (60.1 against 60.0). Its corner
 * was then filled in every frame, 1 dB under the re-encode outside the marks.
 */
function evidence(fitted: Fitted): number {
  const present = presentIn(fitted);
  let total = 0;
  fitted.outline.forEach((correlation, index) => {
    if (present[index]) total += Math.max(0, correlation);
  });
  return total;
}

function statsOf(window: PlaneWindow, samples: readonly Uint8Array[]) {
  const stats = createBlendStats(window.width, window.height, meanOf(samples));
  for (const sample of samples) addFrame(stats, sample);
  return stats;
}

function fitModel(window: MarkWindow, samples: readonly WindowSample[]): MarkModel {
  const [lumaWindow, uWindow, vWindow] = window;
  const lumaSamples = samples.map((s) => s[0]);
  const uSamples = samples.map((s) => s[1]);
  const vSamples = samples.map((s) => s[2]);
  const lumaStats = statsOf(lumaWindow, lumaSamples);
  const colour = colourOutline(lumaWindow, [
    [uWindow, uSamples],
    [vWindow, vSamples],
  ]);
  const transmission = estimateTransmission(lumaWindow, lumaSamples, lumaStats, colour);
  const lumaGain = snapToDominantGain(
    Float32Array.from(transmission, (t) => 1 / t),
    lumaWindow.inside,
  );
  const learnt = correctionWithGain(lumaWindow, lumaSamples, lumaGain, lumaStats.mean);
  const meanLuma = pixelMeans(lumaStats);
  const around = surroundingDeviation(lumaStats, lumaWindow.inside);
  const still = stillPixels(lumaStats, lumaWindow.inside, around);
  const opaquePixels = Uint8Array.from(learnt.gain, (gain, i) =>
    gain >= FILL_GAIN || still[i] ? 1 : 0,
  );
  const opaqueShare = shareOf(opaquePixels, lumaWindow.inside);
  // An opaque mark's hard edge, inverted, would only amplify the noise there: it is filled too
  // (the mask grown by a pixel, inside the region), from pixels the mark spares. A transparent
  // mark is filled only where its gain says it is opaque: a pixel that holds still beneath it
  // shows a still picture there (a wall behind swaying leaves), which its inverse gives back and
  // a fill from around would replace (a handheld flower shot's logo: 32.98 -> 34.51 dB).
  const opaque = opaqueShare > OPAQUE_MARK;
  const lumaHeld = opaque
    ? dilate(opaquePixels, lumaWindow.width, lumaWindow.height, 1).map(
        (set, i) => set & (lumaWindow.inside[i] ?? 0),
      )
    : opaquePixels;
  const lumaFill = opaque
    ? lumaHeld
    : Uint8Array.from(learnt.gain, (gain) => (gain >= FILL_GAIN ? 1 : 0));
  // What an opaque mark's damping spilt onto the pixels it spares is taken back: inverted,
  // they would amplify the picture's changes (see spilt-gain.ts).
  const spared = opaque
    ? withoutSpiltGain(
        lumaWindow,
        lumaStats,
        lumaFill.map((set, i) => (lumaWindow.inside[i] ?? 0) & (1 - set)),
        learnt,
      )
    : null;
  const sparedGain = spared ?? lumaGain;
  const luma = opaque
    ? correctionWithGain(
        lumaWindow,
        lumaSamples,
        sparedGain,
        lumaStats.mean,
        offsetLearnt(lumaWindow, lumaStats, lumaHeld, sparedGain),
      )
    : learnt;
  const chroma = (planeWindow: PlaneWindow, planeSamples: readonly Uint8Array[]) => {
    const gain = chromaGain(lumaWindow, planeWindow, luma.gain);
    return correctionWithGain(planeWindow, planeSamples, gain, meanOf(planeSamples));
  };
  const u = chroma(uWindow, uSamples);
  const v = chroma(vWindow, vSamples);
  const filled = opaque ? withStillSteps(lumaWindow, lumaStats, lumaFill, luma) : lumaFill;
  const uFill = chromaMask(lumaWindow, uWindow, filled);
  const uHeld = chromaMask(lumaWindow, uWindow, lumaHeld);
  // Where the picture beneath visibly changes (the mark's damping undone), over moving
  // surroundings: there the mark's colour edges are not the picture's own.
  const moving = around >= MOVING_DEVIATION;
  const changing = Uint8Array.from(luma.gain, (gain, i) =>
    moving &&
    lumaWindow.inside[i] &&
    !lumaHeld[i] &&
    gain * deviationOf(lumaStats, i) >= CHANGING_BENEATH
      ? 1
      : 0,
  );
  return {
    window,
    corrections: [luma, u, v],
    fill: [filled, uFill, Uint8Array.from(uFill)],
    held: [lumaHeld, uHeld, Uint8Array.from(uHeld)],
    opaqueShare,
    meanLuma,
    core: opaque ? opaqueCore(lumaWindow, opaquePixels) : new Int32Array(),
    presence: PRESENCE_CORRELATION,
    colourEdges: colourEdgesOf(window, [luma, u, v], changing),
    still: null,
  };
}

/**
 * Pixels nearer than this to an opaque mark's held ones have its offset learnt whatever the
 * picture does there (see offsetLearnt): what the encoder's ringing left around the mark's
 * outline, and outline pixels its gain map missed. With none, a webcam's logo (seed unseen-23)
 * kept light specks along its outline, which the edge fill drew across the hole (29.50 dB ->
 * 23.64); with 1, 26.88; with 2, 29.62.
 */
const OFFSET_REACH = 2;
/**
 * A pixel whose value varies less than this over the samples (levels, its standard deviation)
 * shows a still picture. Per pixel, not the margin's median (MOVING_DEVIATION): beside a still
 * monitor, the signer moves elsewhere in the window. At 8 (measured before OFFSET_REACH), a
 * parking lot's opaque logo (bench seed) lost 1.32 dB: pixels of the lot beside it read as
 * still.
 */
const STILL_PIXEL = 4;

/**
 * Where an opaque mark's offset is learnt: near the pixels it holds (OFFSET_REACH), where its
 * gain says it covers the picture, and where the picture moves (STILL_PIXEL). Elsewhere the
 * medians of the differences, which the offset is learnt from, are the still picture's own:
 * learnt there, the offset smoothed it away. A webcam's logo beside a monitor and a wall that
 * never move (seed unseen-77) had offsets of up to 152 levels above it, which wiped out the
 * dark pole its fill was to carry across (17.24 dB -> 18.12, delogo 19.20); a blurred flower
 * held still gained 0.10 to 1.05 dB on five seeds of seven (held on two), and no other opaque
 * logo of five seeds moved by more than 0.05 dB.
 */
export function offsetLearnt(
  window: PlaneWindow,
  stats: BlendStats,
  held: Uint8Array,
  gain: Float64Array,
): Uint8Array {
  const near = dilate(held, window.width, window.height, OFFSET_REACH);
  return Uint8Array.from(window.inside, (set, i) =>
    set && (near[i] || gain[i] !== 1 || !holdsStill(stats, i)) ? 1 : 0,
  );
}

/**
 * Levels by which an opaque mark's correction moves a still pixel beside it (within
 * OFFSET_REACH) from which that pixel is filled instead (see withStillSteps).
 */
const STILL_STEP = 10;

/**
 * An opaque mark's fill, grown over the still pixels beside it (STILL_PIXEL, within
 * OFFSET_REACH of it) that its correction would move by STILL_STEP levels or more. Nothing
 * beneath them changes, so their offset was learnt from steps that hold still: the mark's own
 * outline where its gain map missed it, or the still picture's edges, which the offset takes
 * for the mark's. Corrected, the first keep the mark's colour and the second lose the picture's
 * edges, and the fill from around the hole starts from them either way: a webcam's logo by a
 * still monitor (seed unseen-77) carried its dark pole across as a smear (18.12 dB, delogo
 * 19.20); filled from the pixels beyond, 21.08 (with 20 levels 20.44, with 40 19.93). On the
 * opaque logos of seven seeds a webcam's rose 29.62 -> 36.00 and a dashcam's 31.73 -> 37.49
 * too, a blurred flower's 22.84 -> 23.03; none lost more than 0.03 dB.
 */
export function withStillSteps(
  window: PlaneWindow,
  stats: BlendStats,
  fill: Uint8Array,
  correction: BlendCorrection,
): Uint8Array {
  const near = dilate(fill, window.width, window.height, OFFSET_REACH);
  // The correction stretches a pixel about the mean by its gain and adds its offset: the steps
  // learnt from a still picture are in the offset.
  const moved = (i: number) => Math.abs(correction.offset[i] ?? 0) >= STILL_STEP;
  return Uint8Array.from(window.inside, (set, i) =>
    fill[i] || (set && near[i] && holdsStill(stats, i) && moved(i)) ? 1 : 0,
  );
}

/** Whether pixel i shows a still picture over the samples (see STILL_PIXEL). */
function holdsStill(stats: BlendStats, i: number): boolean {
  return deviationOf(stats, i) < STILL_PIXEL;
}

function opaqueCore(window: PlaneWindow, opaquePixels: Uint8Array): Int32Array {
  const core = erode(opaquePixels, window.width, window.height, 1);
  return setPixels(core.map((set, i) => set & (window.inside[i] ?? 0)));
}

/**
 * Pixels inside that hardly vary over time while their surroundings do: an opaque mark, under
 * which nothing of the picture is left to invert. Says nothing when the surroundings are
 * still too. `typical` is the surroundings' variation (see `surroundingDeviation`).
 */
function stillPixels(stats: BlendStats, inside: Uint8Array, typical: number): Uint8Array {
  const still = new Uint8Array(inside.length);
  if (typical < MOVING_DEVIATION) return still;
  for (let i = 0; i < inside.length; i++) {
    if (inside[i] && deviationOf(stats, i) < STILL_SHARE * typical) still[i] = 1;
  }
  return still;
}

/** Standard deviation of pixel i over the samples. */
function deviationOf(stats: BlendStats, i: number): number {
  const frames = Math.max(1, stats.frames);
  const mean = (stats.sum[i] ?? 0) / frames;
  return Math.sqrt(Math.max(0, (stats.squares[i] ?? 0) / frames - mean * mean));
}

/** Median over the window's margin of its pixels' standard deviation over the samples. */
function surroundingDeviation(stats: BlendStats, inside: Uint8Array): number {
  const ring: number[] = [];
  for (let i = 0; i < inside.length; i++) if (!inside[i]) ring.push(deviationOf(stats, i));
  ring.sort((a, b) => a - b);
  return ring[Math.floor(ring.length / 2)] ?? 0;
}

/** A pixel varying less than this share of its surroundings' typical variation is opaque. */
const STILL_SHARE = 0.2;
/**
 * Standard deviation over the samples (the mark's damping undone) from which the picture
 * beneath a pixel is seen to change.
 */
const CHANGING_BENEATH = 8;

/** The luma pixels a chroma pixel of the window stands for (its 2x2 block, clipped). */
function eachBlock(
  luma: PlaneWindow,
  chroma: PlaneWindow,
  visit: (chromaIndex: number, lumaIndex: number) => void,
): void {
  for (let cy = 0; cy < chroma.height; cy++) {
    for (let cx = 0; cx < chroma.width; cx++) {
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const lx = 2 * cx + dx;
          const ly = 2 * cy + dy;
          if (lx < luma.width && ly < luma.height)
            visit(cy * chroma.width + cx, ly * luma.width + lx);
        }
      }
    }
  }
}

/** Chroma sees the mean opacity of its block: gain 1 / mean(1 / luma gain). */
function chromaGain(luma: PlaneWindow, chroma: PlaneWindow, gain: Float32Array): Float64Array {
  const transparency = new Float64Array(chroma.width * chroma.height);
  const count = new Float64Array(chroma.width * chroma.height);
  eachBlock(luma, chroma, (c, l) => {
    transparency[c] = (transparency[c] ?? 0) + 1 / (gain[l] ?? 1);
    count[c] = (count[c] ?? 0) + 1;
  });
  return transparency.map((sum, c) => (count[c] ? (count[c] ?? 1) / Math.max(sum, 1e-3) : 1));
}

/** A luma mask on a chroma window: a chroma pixel is set when any of its luma pixels is. */
function chromaMask(luma: PlaneWindow, chroma: PlaneWindow, lumaMask: Uint8Array) {
  const mask = new Uint8Array(chroma.width * chroma.height);
  eachBlock(luma, chroma, (c, l) => {
    if (lumaMask[l]) mask[c] = 1;
  });
  return mask;
}

/**
 * Whether one frame shows the mark: its differences across the mark's edges must follow the
 * mark's own pattern (what the mark does to a picture as light as the frame's surroundings),
 * measured as a normalised correlation. A frame without the mark correlates with it only by
 * chance.
 */
export function showsMark(model: MarkModel, sample: WindowSample): boolean {
  if (model.still) return showsMarkStill(model.still, model.window[0], sample[0]);
  return markCorrelation(model, sample) > model.presence;
}

/** The correlation above which a frame shows the mark, when the samples say nothing else. */
export const PRESENCE_CORRELATION = 0.3;
/** A frame shows the mark when it correlates with it at least this share of the clearest. */
const PRESENCE_SHARE = 0.5;
/** Correlations below this are chance, however faint the clearest frames show the mark. */
const LEAST_PRESENCE = 0.06;

/**
 * Sets the model's presence threshold from the samples (see `presenceThreshold`). Returns the
 * model with it and its correlation with each sample.
 */
function calibrated(model: MarkModel, samples: readonly WindowSample[]): Fitted {
  const outline = samples.map((sample) => outlineCorrelation(model, sample));
  const correlations = outline.map((correlation, s) =>
    Math.max(correlation, colourEdgeCorrelation(model, samples[s] as WindowSample)),
  );
  return { model: { ...model, presence: presenceThreshold(correlations) }, correlations, outline };
}

/**
 * The presence threshold the samples' lightness alone would set: how clearly their luma
 * follows the learnt mark, whatever their colour says.
 */
export function lumaPresence(model: MarkModel, samples: readonly WindowSample[]): number {
  return presenceThreshold(
    samples.map((sample) =>
      Math.max(
        outlineCorrelation(model, sample, LUMA_ONLY),
        colourEdgeCorrelation(model, sample, LUMA_ONLY),
      ),
    ),
  );
}

/**
 * Over a busy picture even the frames that show the mark correlate with it only faintly, so
 * the threshold is half of what the clearest tenth of the samples reach (within
 * [LEAST_PRESENCE, PRESENCE_CORRELATION]).
 */
function presenceThreshold(correlations: readonly number[]): number {
  const sorted = [...correlations].sort((a, b) => a - b);
  const clearest = sorted[Math.floor(0.9 * (sorted.length - 1))] ?? 0;
  return Math.min(PRESENCE_CORRELATION, Math.max(LEAST_PRESENCE, PRESENCE_SHARE * clearest));
}

/**
 * Mean absolute luma difference from the mark's own colour under which its core shows it
 * unchanged (compression noise, no picture).
 */
const CORE_MATCH = 4;
/** Fewest core pixels that can say a frame shows an opaque mark. */
const LEAST_CORE = 64;

/**
 * Whether the frame shows an opaque mark's core in the mark's own colour. Over a picture that
 * changes, the differences across the mark's edges turn with the picture beneath it (a light
 * mark over the sky, then over dark trees) while its core stays the same.
 */
function showsCore(model: MarkModel, pixels: Uint8Array): boolean {
  const { core, meanLuma } = model;
  if (core.length < LEAST_CORE) return false;
  let sum = 0;
  for (let k = 0; k < core.length; k++) {
    const i = core[k] as number;
    sum += Math.abs((pixels[i] as number) - (meanLuma[i] as number));
  }
  return sum < CORE_MATCH * core.length;
}

/**
 * How far a frame follows the mark's pattern, -1..1: across the mark's outline or across the
 * edges between its colours, whichever it follows more.
 */
export function markCorrelation(model: MarkModel, sample: WindowSample): number {
  return Math.max(outlineCorrelation(model, sample), colourEdgeCorrelation(model, sample));
}

type Plane = 0 | 1 | 2;
const ALL_PLANES: readonly Plane[] = [0, 1, 2];
const LUMA_ONLY: readonly Plane[] = [0];

/**
 * How far a frame's differences across the mark's edges follow what the mark does to a picture
 * as light and as coloured as the frame's surroundings, over the three planes: a mark about as
 * light as the picture shows in its colour. 1 for an opaque mark whose core the frame shows
 * unchanged. Across the outline of a mark that is not opaque, they turn the other way where
 * the picture beneath is much lighter or darker than around it.
 */
function outlineCorrelation(
  model: MarkModel,
  sample: WindowSample,
  planes: readonly Plane[] = ALL_PLANES,
): number {
  if (showsCore(model, sample[0])) return 1;
  const sums = correlationSums();
  for (const plane of planes) {
    const pixels = sample[plane];
    const effect = markEffect(model, plane, pixels);
    // Over the pairs the mark makes differ by a level or more.
    const { width, height } = model.window[plane];
    eachPair(width, height, (i, j) => {
      const expected = (effect[i] as number) - (effect[j] as number);
      if (Math.abs(expected) >= 1)
        sums.add((pixels[i] as number) - (pixels[j] as number), expected);
    });
  }
  return sums.correlation();
}

/**
 * Per pixel of one plane's window, what the mark does to a picture of the surroundings' mean
 * value: 0 around the region; where the samples are held (see `held`), their mean luma less
 * that value, and NaN in chroma (whose mean is not kept), so that the pairs there are not counted.
 */
function markEffect(model: MarkModel, plane: Plane, pixels: Uint8Array): Float32Array {
  const correction = model.corrections[plane];
  const held = model.held[plane];
  const { inside } = model.window[plane];
  let ringSum = 0;
  let ringCount = 0;
  for (let i = 0; i < inside.length; i++) {
    if (inside[i]) continue;
    ringSum += pixels[i] ?? 0;
    ringCount++;
  }
  const around = ringCount === 0 ? correction.mean : ringSum / ringCount;
  const { mean, offset, gain } = correction;
  const effect = new Float32Array(inside.length);
  for (let i = 0; i < inside.length; i++) {
    if (!inside[i]) continue;
    if (held[i]) {
      effect[i] = plane === 0 ? (model.meanLuma[i] ?? around) - around : Number.NaN;
      continue;
    }
    effect[i] = mean + (around - mean - (offset[i] ?? 0)) / (gain[i] ?? 1) - around;
  }
  return effect;
}

/** Neighbours whose gains differ by less than this share are under one opacity of the mark. */
const SAME_OPACITY = 0.05;
/** Least gain of a pixel under the mark (opacity about 0.1) for its colour edges to count. */
const COLOURED_GAIN = 1.1;
/** Least difference (levels) between two of the mark's colours that counts as an edge. */
const COLOUR_STEP = 4;
/**
 * Fewest colour edges in luma that can say whether a frame shows the mark; a chroma plane,
 * with a quarter of the pixels, needs a quarter as many.
 */
const LEAST_COLOUR_EDGES = 128;

/**
 * The mark's colour edges in each plane, among the pixels `changing` flags (luma; a chroma
 * pixel counts when any of its luma pixels does). Chroma tells two colours of a mark apart
 * where their lightness is close: a purple logo's green disc stepped by 4 levels or more on
 * only 55 luma pairs.
 */
function colourEdgesOf(
  window: MarkWindow,
  corrections: readonly [BlendCorrection, BlendCorrection, BlendCorrection],
  changing: Uint8Array,
): [ColourEdges, ColourEdges, ColourEdges] {
  const [luma, u, v] = window;
  const chromaChanging = chromaMask(luma, u, changing);
  return [
    planeColourEdges(luma, corrections[0], changing, LEAST_COLOUR_EDGES),
    planeColourEdges(u, corrections[1], chromaChanging, LEAST_COLOUR_EDGES / 4),
    planeColourEdges(v, corrections[2], chromaChanging, LEAST_COLOUR_EDGES / 4),
  ];
}

function planeColourEdges(
  window: PlaneWindow,
  { gain, offset }: BlendCorrection,
  changing: Uint8Array,
  least: number,
): ColourEdges {
  const pairs: number[] = [];
  const expected: number[] = [];
  eachPair(window.width, window.height, (i, j) => {
    const gi = gain[i] as number;
    if (!changing[i] || !changing[j] || gi < COLOURED_GAIN) return;
    if (Math.abs(gi - (gain[j] as number)) > SAME_OPACITY * gi) return;
    const step = ((offset[j] as number) - (offset[i] as number)) / gi;
    if (Math.abs(step) < COLOUR_STEP) return;
    pairs.push(i, j);
    expected.push(step);
  });
  return expected.length < least
    ? { pairs: new Int32Array(), expected: new Float64Array() }
    : { pairs: Int32Array.from(pairs), expected: Float64Array.from(expected) };
}

/**
 * How far a frame's differences between neighbours under one opacity of the mark but in two
 * of its colours follow the mark's; -1 for a mark with too few such edges. These do not depend
 * on the light beneath: I_i - I_j = (1 - alpha) (B_i - B_j) + alpha (W_i - W_j). They count
 * only where the picture beneath was seen to change: over a still one, what was learnt as the
 * mark's colours may be that picture's own edges, which frames without the mark show as well.
 */
function colourEdgeCorrelation(
  model: MarkModel,
  sample: WindowSample,
  planes: readonly Plane[] = ALL_PLANES,
): number {
  const sums = correlationSums();
  let edges = 0;
  for (const plane of planes) {
    const { pairs, expected } = model.colourEdges[plane];
    const pixels = sample[plane];
    for (let k = 0; k < expected.length; k++) {
      const seen =
        (pixels[pairs[2 * k] as number] as number) - (pixels[pairs[2 * k + 1] as number] as number);
      sums.add(seen, expected[k] as number);
    }
    edges += expected.length;
  }
  return edges === 0 ? -1 : sums.correlation();
}

/** Running sums for the normalised correlation of seen differences with expected ones. */
function correlationSums() {
  let cross = 0;
  let frameEnergy = 0;
  let markEnergy = 0;
  return {
    add(seen: number, expected: number): void {
      cross += seen * expected;
      frameEnergy += seen * seen;
      markEnergy += expected * expected;
    },
    correlation(): number {
      return frameEnergy === 0 || markEnergy === 0
        ? 0
        : cross / Math.sqrt(frameEnergy * markEnergy);
    },
  };
}
