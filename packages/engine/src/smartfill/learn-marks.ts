import type { Region } from "../regions";
import {
  cropWindowSample,
  estimateMark,
  type MarkModel,
  MOVING_DEVIATION,
  type WindowSample,
} from "./mark-model";
import { type MarkWindow, markWindow } from "./mark-window";
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
/** Share of samples showing the mark from which it is taken to be in every frame. */
export const ALWAYS_SHOWN = 0.9;
/** Regions with more opaque pixels than this share are filled from their border. */
export const MAX_OPAQUE_SHARE = 0.5;
/** Mean absolute luma difference between neighbours below which surroundings are flat. */
export const FLAT_TEXTURE = 0.6;

/** Share of a mark's pixels more than 3 pixels inside it above which it is broad (a logo). */
export const BROAD_MARK = 0.4;

/**
 * What to do in one region: invert the learnt mark, or fill from the border; `model` (when
 * the mark was found) also says which frames show it, so frames without it stay untouched.
 */
export type RegionPlan = {
  kind: "invert" | "fill";
  model: MarkModel | null;
  /** The mark shows in (nearly) every sample: work on every frame without testing it. */
  always: boolean;
} & ({ kind: "invert"; model: MarkModel } | { kind: "fill" });

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
        const shown = taken.filter((_, i) => present[i]);
        if (shown.length < Math.max(3, MIN_SHOWN_SHARE * taken.length)) return unknown;
        const always = shown.length >= ALWAYS_SHOWN * taken.length;
        const fill: RegionPlan = { kind: "fill", model, always };
        const invert: RegionPlan = { kind: "invert", model, always };
        if (model.opaqueShare > MAX_OPAQUE_SHARE) return fill;
        // Around a still picture nothing told the mark from what lies beneath it.
        if (surroundingMotion(window, taken) < MOVING_DEVIATION) return fill;
        if (edgeResidue(model, shown) <= MAX_EDGE_RESIDUE) return invert;
        // A doubtful correction. Thin marks (text) keep sharp edges where it is wrong: the
        // border fill is safer. Broad ones (logos) lose contrast, not shape: even a rough
        // correction is closer than a fill, unless the surroundings are flat enough for the
        // fill to be nearly exact.
        if (interiorShare(model) < BROAD_MARK) return fill;
        return surroundingTexture(window, taken) < FLAT_TEXTURE ? fill : invert;
      });
    },
  };
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
    const corrected = (i: number) =>
      (luma.gain[i] ?? 1) * ((pixels[i] ?? 0) - luma.mean) + luma.mean + (luma.offset[i] ?? 0);
    const pair = (p: number, q: number) => {
      const weight =
        Math.abs((luma.gain[p] ?? 1) - (luma.gain[q] ?? 1)) +
        Math.abs((luma.offset[p] ?? 0) - (luma.offset[q] ?? 0)) / 64;
      if (weight < 0.02) return;
      before += weight * ((pixels[p] ?? 0) - (pixels[q] ?? 0)) ** 2;
      after += weight * (corrected(p) - corrected(q)) ** 2;
    };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (x + 1 < width) pair(i, i + 1);
        if (y + 1 < height) pair(i, i + width);
      }
    }
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

/** Share of the marked luma pixels (opacity above 0.2) whose 7x7 neighbourhood is all marked. */
export function interiorShare(model: MarkModel): number {
  const { width, height } = model.window[0];
  const gain = model.corrections[0].gain;
  const marked = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (gain[y * width + x] ?? 1) > 1.25;
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

/** Median over the window's margin of each pixel's standard deviation over the samples. */
export function surroundingMotion(window: MarkWindow, samples: readonly WindowSample[]): number {
  const { inside } = window[0];
  const deviations: number[] = [];
  for (let i = 0; i < inside.length; i++) {
    if (inside[i]) continue;
    let sum = 0;
    let squares = 0;
    for (const sample of samples) {
      const value = sample[0][i] ?? 0;
      sum += value;
      squares += value * value;
    }
    const mean = sum / Math.max(1, samples.length);
    deviations.push(Math.sqrt(Math.max(0, squares / Math.max(1, samples.length) - mean * mean)));
  }
  deviations.sort((a, b) => a - b);
  return deviations[Math.floor(deviations.length / 2)] ?? 0;
}
