import { fillFromAgreeingLines } from "./agreeing-lines";
import { prefersBending } from "./bending-choice";
import { createBentFill } from "./bending-fill";
import { createCarrier } from "./carry-fill";
import type { CleanEdges } from "./clean-edges";
import {
  type DirectionalTaps,
  directionalTaps,
  fillDirectional,
  meanWithDirectional,
} from "./directional-fill";
import { type EdgeLines, edgeLines, fillAlongEdges, keepForNext } from "./edge-fill";
import type { FillRecorder } from "./fill-record";
import { type FlatMean, flatMean, meanWithBorderFill } from "./flat-mean";
import { correctWindow, cropSample, type MarkModel, showsMark } from "./mark-model";
import type { BlendCorrection } from "./mark-offset";
import { frameIndex, type PlaneWindow } from "./mark-window";
import {
  type CoarseMembrane,
  coarseMembrane,
  type Membrane,
  membrane,
  relaxMembrane,
  relaxWithCoarse,
} from "./membrane";
import type { MotionTracker } from "./motion-tracker";
import type { FrameFiller } from "./spatial-fill";
import { markWritten } from "./written-pixels";

export type UnblendOptions = {
  /**
   * Relaxation sweeps of the fill on the first frame, and on each later one (warm-started, with
   * a coarse correction: see relaxWithCoarse; 4 there did as the 16 plain ones before them).
   */
  firstSweeps: number;
  sweeps: number;
  /**
   * Whether the fill mixes in the harmonic one (see fillPlane); without it, it is the fill from
   * the nearest known pixels alone, as the backward pass needs (its fill is not used where it
   * finds nothing, see fill-record.ts) at a fraction of the cost.
   */
  harmonic: boolean;
};

export const DEFAULT_UNBLEND: UnblendOptions = { firstSweeps: 400, sweeps: 4, harmonic: true };

export type UnblendPlan = {
  /** The mark is in every frame: no frame is tested. */
  always: boolean;
  /** Share of the correction applied: 1 writes it, less mixes it with the input. */
  strength: number;
  /** The sides whose outermost line shows no mark: it is left as it is (see clean-edges.ts). */
  edges?: CleanEdges;
  /** Records each frame's windows once an opaque mark's fill is carried (fill-record.ts). */
  record?: FillRecorder;
  /** Fits the motion its fill is carried by, when it was tracked ahead (see resumeTracking). */
  tracker?: MotionTracker;
  /** The correction is averaged with its border fill where the picture is flat (flat-mean.ts). */
  withFill?: boolean;
};

/** The fill of one plane of one window: the pixels it covers, and the ones it writes. */
type FillState = {
  /** The filled pixels, in scan order (the taps' own list). */
  pixels: Int32Array;
  /** Where the directional fill takes each filled pixel from. */
  taps: DirectionalTaps;
  /** 1 where the window's pixel is written (written-pixels.ts). */
  written: Uint8Array;
  /** None where the fill is the directional one alone (`harmonic` off). */
  harmonic: HarmonicFill | null;
};

/**
 * The harmonic fill of one plane, carried from frame to frame so that it holds still: from the
 * last frame it filled, since a frame whose hole is carried whole skips the fill (carry-fill.ts).
 */
type HarmonicFill = {
  /**
   * The lines along which the edges crossing the mask are continued (edge-fill.ts); none on a
   * chroma plane (see fillPlane).
   */
  lines: EdgeLines | null;
  values: Float32Array;
  border: number;
  started: boolean;
  /**
   * The filled pixels as a membrane problem: per filled pixel, its four neighbours (west, east,
   * north, south; -1 off the window).
   */
  membrane: Membrane;
  /** Per filled pixel, its neighbours that are not filled (west, east, north, south). */
  around: Int32Array;
  coarse: CoarseMembrane;
  /** The window values of the last frame filled, whose edges the edge fill compares. */
  previous: Float32Array | null;
  /**
   * The thin-plate fill, made at the first frame filled once the region is judged to take it
   * (see Bending); null when it does not, or the mark is too large for it.
   */
  bent?: ((values: Float32Array) => Float32Array) | null;
};

/**
 * Whether a region's hole takes the thin-plate fill in place of the mean of the membrane and
 * directional ones (bending-choice.ts): judged once, on luma, and then held on every plane;
 * null until judged.
 */
type Bending = { bends: boolean | null };

/**
 * Takes the learnt mark out of each frame, in place: frames that show the mark get its blend
 * inverted where it is transparent enough and a fill from the surroundings where it is not;
 * frames that do not show it are left alone. The fill starts from the previous frame's and is
 * shifted by the change in the surrounding light, so it stays still while the picture does;
 * an opaque mark's fill takes in what the camera's motion reveals (carry-fill.ts).
 */
export function createUnblender(
  model: MarkModel,
  { always, strength, edges, record, tracker, withFill }: UnblendPlan = {
    always: false,
    strength: 1,
  },
  options: UnblendOptions = DEFAULT_UNBLEND,
): FrameFiller {
  const states = model.window.map((window, plane) =>
    fillState(
      window,
      model.fill[plane] as Uint8Array,
      markWritten(model, plane as 0 | 1 | 2, edges?.[plane]),
      options.harmonic,
      plane === 0,
    ),
  );
  const bending: Bending = { bends: null };
  const carrier = createCarrier(model, tracker);
  const flat = withFill
    ? model.window.map((window, plane) =>
        flatMean(window, model.corrections[plane] as BlendCorrection, edges?.[plane]),
      )
    : null;
  return (frame, index) => {
    const sample = cropSample(frame, model);
    if (!always && !showsMark(model, sample)) return;
    carrier?.track(frame);
    /** Whether this frame's picture is flat beneath the mark (judged on luma). */
    let flatFrame = true;
    for (let plane = 0; plane < 3; plane++) {
      const window = model.window[plane] as PlaneWindow;
      const state = states[plane] as FillState;
      const input = sample[plane] as Uint8Array;
      const values = correctWindow(model, plane as 0 | 1 | 2, input);
      if (carrier) {
        const found = carrier.carry(plane as 0 | 1 | 2, frame, values, () =>
          fillPlane(values, state, options, bending),
        );
        if (index !== undefined) record?.(index, plane as 0 | 1 | 2, values, found);
      } else {
        fillPlane(values, state, options, bending);
      }
      if (flat && flatFrame)
        flatFrame = meanWithBorderFill(values, flat[plane] as FlatMean, plane === 0);
      if (strength < 1) mixWithInput(values, input, strength);
      writeWindow(frame, window, state.written, values);
    }
  };
}

/** The pixels of a window a fill covers, the ones around them it starts from, and those written. */
function fillState(
  window: PlaneWindow,
  fill: Uint8Array,
  written: Uint8Array,
  harmonic: boolean,
  withLines: boolean,
): FillState {
  const { width, height } = window;
  const taps = directionalTaps(width, height, fill);
  return {
    pixels: taps.pixels,
    taps,
    written,
    harmonic: harmonic ? harmonicFill(width, height, taps.pixels, fill, withLines) : null,
  };
}

/** The harmonic fill of `pixels` before its first frame: nothing carried yet. */
function harmonicFill(
  width: number,
  height: number,
  pixels: Int32Array,
  fill: Uint8Array,
  withLines: boolean,
): HarmonicFill {
  const problem = membrane(width, height, pixels);
  const around = problem.neighbours.filter((j) => j >= 0 && !fill[j]);
  return {
    lines: withLines ? edgeLines(width, height, fill, pixels) : null,
    values: new Float32Array(width * height),
    border: 0,
    started: false,
    membrane: problem,
    around,
    coarse: coarseMembrane(width, height, pixels, around),
    previous: null,
  };
}

/**
 * The masked pixels get the mean of two fills from the rest of the window: the harmonic one,
 * warm-started from the previous frame (it holds still), and the one from the nearest known
 * pixel in each direction (it keeps what lies close to the mark's outline). Their errors only
 * partly agree: on the shared clips the mean beat either alone on opaque logos. The lines across
 * the mask whose ends agree are mixed into that mean (agreeing-lines.ts), and the edges that
 * cross it continued over the result (edge-fill.ts), on luma alone: on a chroma plane they cost
 * about half what they do on luma (1.1 s against 1.9 over a bee clip's opaque logo, the larger
 * part of its forward pass), and changed the colour inside the bench's ten opaque logos by
 * -0.4 to +0.2 dB (35 to 54 dB), the median -0.05. Where a band held out around the hole
 * says the picture's slopes carry on across it (bending-choice.ts), the thin-plate fill takes
 * the mean's place: a blurred flower held still under an opaque logo went from 22.95 dB to 24.35.
 */
function fillPlane(
  values: Float32Array,
  state: FillState,
  options: UnblendOptions,
  bending: Bending,
): void {
  const { pixels, harmonic } = state;
  if (pixels.length === 0) return;
  // Read before the harmonic fill writes the masked pixels (it leaves the known ones alone).
  const nearest = fillDirectional(values, state.taps);
  if (!harmonic) {
    writeFill(values, pixels, nearest);
    return;
  }
  fillHarmonic(values, pixels, harmonic, options);
  const mean =
    bentFill(values, state.taps, harmonic, bending) ?? meanWithDirectional(values, pixels, nearest);
  if (!harmonic.lines) {
    writeFill(values, pixels, mean);
    return;
  }
  const agreed = fillFromAgreeingLines(values, harmonic.lines, mean);
  const filled = fillAlongEdges(values, harmonic.lines, agreed, harmonic.previous);
  harmonic.previous = keepForNext(harmonic.previous, values);
  writeFill(values, pixels, filled);
}

/**
 * The thin-plate fill of the taps' pixels, where the region takes it (see Bending), from
 * `values` holding this frame's harmonic fill; null where it does not.
 */
function bentFill(
  values: Float32Array,
  { mask, width, pixels }: DirectionalTaps,
  harmonic: HarmonicFill,
  bending: Bending,
): Float32Array | null {
  const height = mask.length / width;
  if (bending.bends === null) {
    // Judged on luma, the plane with the edge lines.
    if (!harmonic.lines) return null;
    bending.bends = prefersBending(values, mask, width, height);
  }
  if (!bending.bends) return null;
  if (harmonic.bent === undefined) harmonic.bent = createBentFill(mask, width, height, pixels);
  return harmonic.bent?.(values) ?? null;
}

/** Writes a fill (in the order of `pixels`) into the window's values. */
function writeFill(values: Float32Array, pixels: Int32Array, fill: Float32Array): void {
  for (let k = 0; k < pixels.length; k++) values[pixels[k] as number] = fill[k] as number;
}

/** Harmonic fill of the masked pixels from the rest of the window, warm-started. */
function fillHarmonic(
  values: Float32Array,
  pixels: Int32Array,
  state: HarmonicFill,
  options: UnblendOptions,
): void {
  const { around } = state;
  if (around.length === 0) return;
  let borderSum = 0;
  for (let k = 0; k < around.length; k++) borderSum += values[around[k] as number] as number;
  const border = borderSum / around.length;
  const shift = state.started ? border - state.border : 0;
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k] as number;
    values[i] = state.started ? (state.values[i] ?? border) + shift : border;
  }
  if (state.started) relaxWithCoarse(values, state.membrane, state.coarse, options.sweeps);
  else relaxMembrane(values, state.membrane, options.firstSweeps);
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k] as number;
    state.values[i] = values[i] as number;
  }
  state.border = border;
  state.started = true;
}

export function mixWithInput(values: Float32Array, input: Uint8Array, strength: number): void {
  for (let i = 0; i < values.length; i++) {
    values[i] = strength * (values[i] as number) + (1 - strength) * (input[i] ?? 0);
  }
}

export function writeWindow(
  frame: Uint8Array,
  window: PlaneWindow,
  written: Uint8Array,
  values: Float32Array,
): void {
  for (let y = 0; y < window.height; y++) {
    for (let x = 0; x < window.width; x++) {
      const i = y * window.width + x;
      if (!written[i]) continue;
      const value = Math.round(values[i] ?? 0);
      frame[frameIndex(window, x, y)] = Math.min(255, Math.max(0, value));
    }
  }
}
