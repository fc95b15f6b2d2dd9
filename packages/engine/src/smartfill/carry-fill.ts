/**
 * The fill of an opaque mark carried along with the camera. Each frame, the picture under the
 * mark is taken from the previous frame (the real picture around the mark that the camera's
 * motion brings in, and what was carried there before), warped by the motion fitted on a ring
 * around the mark; its mismatch with the current frame's surroundings is spread over it as a
 * membrane, so it meets them without a seam. A carried pixel is trusted as far as it came from
 * the real picture, less with every frame it is carried; the rest of the spatial fill stays.
 * Over a still picture nothing is brought in and the spatial fill is left as it was.
 */

import { dilate } from "../pixel-masks";
import { bilinearTap, readTap } from "./bilinear";
import { type MarkModel, OPAQUE_MARK } from "./mark-model";
import { cropWindow, type PlaneWindow } from "./mark-window";
import { neighbourTable, relaxMembrane } from "./membrane";
import { fitRingMotion, type Image, type Motion, motionWarp, NO_MOTION } from "./ring-motion";

/** Luma pixels kept around the region, to fit the motion on and to bring the picture in from. */
export const CARRY_MARGIN = 32;
/** Pixels next to the region left out of the ring (the mark's soft edge, compression). */
const RING_GAP = 2;
/** Trust kept per frame by a carried pixel: the older the picture, the less it is worth. */
const DECAY = 0.97;
/** Mean absolute difference over the aligned ring above which the motion is lost (a cut). */
const LOST = 14;
/**
 * The motion is lost too when it explains less than this share of the ring's change, above
 * the noise: something else moves through the ring (a subject passing the mark).
 */
const UNEXPLAINED = 0.8;
const NOISE = 3;
/** Below this trust anywhere, nothing was brought in: the spatial fill is kept as it is. */
const LEAST_TRUST = 0.01;
/**
 * A carried fill whose edge strays from the pixels next to it by more than MISFIT times the
 * picture's own step there, plus MISFIT_NOISE levels, is not what lies beneath: an object that
 * crossed the mark was carried in with it and left behind when it went. The carry starts again.
 */
const MISFIT = 4;
const MISFIT_NOISE = 3;
const SWEEPS = 12;
const FIRST_SWEEPS = 200;

export type Carrier = {
  /** Fits the camera's motion since the last frame; once per frame, before `carry`. */
  track(frame: Uint8Array): void;
  /** Mixes the carried fill into the filled pixels of one plane's window values. */
  carry(plane: 0 | 1 | 2, frame: Uint8Array, values: Float32Array): void;
};

/** One plane's extended window (the region's window grown by the margin) and its state. */
type PlaneCarry = {
  /** The extended window; `inside` is the region's pixels. */
  extended: PlaneWindow;
  /** The region's window, and its offset inside the extended one. */
  window: PlaneWindow;
  dx: number;
  dy: number;
  /** Extended-window index of each filled pixel, and its index in the region's window. */
  hole: Int32Array;
  holeInWindow: Int32Array;
  /** Per filled pixel, its four neighbours' extended indices (-1 off the window). */
  neighbours: Int32Array;
  /** The known pixels next to the filled ones, each once. */
  around: Int32Array;
  /**
   * The hole's edge, as triples: a filled pixel's index in `hole`, a known neighbour, and the
   * known pixel beyond that neighbour (-1 where there is none).
   */
  rim: Int32Array;
  /** Last frame's picture: the real one around the hole, the carried fill inside it. */
  previous: Float32Array | null;
  /** Trust of each pixel of `previous`: 1 outside the hole. */
  trust: Float32Array;
  /** The membrane that takes the seam away, kept to warm-start the next frame's. */
  seam: Float32Array;
  seamStarted: boolean;
};

/** A carrier for an opaque mark's fill; none for a transparent mark (nothing is filled). */
export function createCarrier(model: MarkModel): Carrier | null {
  if (model.opaqueShare <= OPAQUE_MARK) return null;
  const planes = model.window.map((window, plane) =>
    planeCarry(window, model.fill[plane] as Uint8Array),
  ) as [PlaneCarry, PlaneCarry, PlaneCarry];
  const luma = planes[0];
  const ring = ringMask(luma);
  let previousLuma: Image | null = null;
  /** The motion since the last frame; null on the first frame or when it was lost. */
  let motion: Motion | null = null;
  /** This frame's luma carry did not meet its surroundings: chroma is not carried either. */
  let misfit = false;
  return {
    track(frame) {
      const { width, height } = luma.extended;
      const current = { values: cropExtended(frame, luma), width, height };
      const guess = motion ?? NO_MOTION;
      motion = null;
      if (previousLuma) {
        const fit = fitRingMotion(previousLuma, current, ring, guess);
        const unexplained = fit.residual > NOISE && fit.residual > UNEXPLAINED * fit.still;
        if (fit.residual <= LOST && fit.used >= 64 && !unexplained) motion = fit.motion;
      }
      previousLuma = current;
    },
    carry(plane, frame, values) {
      if (plane === 0) misfit = false;
      // The change of light was fitted on luma: chroma moves with the picture but keeps it.
      const planeMotion = !motion || misfit ? null : plane === 0 ? motion : { ...motion, light: 0 };
      const fits = carryPlane(planes[plane] as PlaneCarry, frame, values, planeMotion, plane === 0);
      if (plane === 0) misfit = !fits;
    },
  };
}

function planeCarry(window: PlaneWindow, fill: Uint8Array): PlaneCarry {
  const { plane } = window;
  const margin = CARRY_MARGIN >> plane.shift;
  const x0 = Math.max(0, window.x0 - margin);
  const y0 = Math.max(0, window.y0 - margin);
  const width = Math.min(plane.width, window.x0 + window.width + margin) - x0;
  const height = Math.min(plane.height, window.y0 + window.height + margin) - y0;
  const dx = window.x0 - x0;
  const dy = window.y0 - y0;
  const inside = new Uint8Array(width * height);
  const holeMask = new Uint8Array(width * height);
  const hole: number[] = [];
  const holeInWindow: number[] = [];
  for (let y = 0; y < window.height; y++) {
    for (let x = 0; x < window.width; x++) {
      const i = y * window.width + x;
      const e = (y + dy) * width + x + dx;
      inside[e] = window.inside[i] as number;
      if (!fill[i]) continue;
      holeMask[e] = 1;
      hole.push(e);
      holeInWindow.push(i);
    }
  }
  const holePixels = Int32Array.from(hole);
  const neighbours = neighbourTable(width, height, holePixels);
  const around = new Set(neighbours.filter((n) => n >= 0 && !holeMask[n]));
  const rim = rimOf(holePixels, neighbours, holeMask, width, height);
  return {
    extended: { plane, x0, y0, width, height, inside },
    window,
    dx,
    dy,
    hole: holePixels,
    holeInWindow: Int32Array.from(holeInWindow),
    neighbours,
    around: Int32Array.from([...around].sort((a, b) => a - b)),
    rim,
    previous: null,
    trust: new Float32Array(width * height).fill(1),
    seam: new Float32Array(width * height),
    seamStarted: false,
  };
}

/** The hole's edge as PlaneCarry's `rim` triples. */
function rimOf(
  hole: Int32Array,
  neighbours: Int32Array,
  holeMask: Uint8Array,
  width: number,
  height: number,
): Int32Array {
  const edge: number[] = [];
  hole.forEach((_, k) => {
    for (let side = 0; side < 4; side++) {
      const n = neighbours[4 * k + side] as number;
      if (n >= 0 && !holeMask[n]) edge.push(k, side, n);
    }
  });
  // The pixel beyond each known neighbour is that neighbour's own neighbour on the same side.
  const outer = neighbourTable(width, height, Int32Array.from(edge.filter((_, t) => t % 3 === 2)));
  const rim = new Int32Array(edge.length);
  for (let t = 0, r = 0; t < edge.length; t += 3, r++) {
    const beyond = outer[4 * r + (edge[t + 1] as number)] as number;
    rim[t] = edge[t] as number;
    rim[t + 1] = edge[t + 2] as number;
    rim[t + 2] = beyond >= 0 && !holeMask[beyond] ? beyond : -1;
  }
  return rim;
}

/** The extended luma window outside the region grown by RING_GAP: where motion is fitted. */
function ringMask({ extended }: PlaneCarry): Uint8Array {
  const grown = dilate(extended.inside, extended.width, extended.height, RING_GAP);
  return grown.map((set) => 1 - set);
}

function cropExtended(frame: Uint8Array, carry: PlaneCarry): Float32Array {
  return Float32Array.from(cropWindow(frame, carry.extended));
}

/** Where each pixel of this plane's extended window was in the previous frame. */
function planeWarp(carry: PlaneCarry, motion: Motion) {
  const { width, height, plane } = carry.extended;
  return motionWarp(motion, width, height, 1 / (1 << plane.shift)).place;
}

/**
 * Carries one plane's fill, when there is a motion to carry it by. With `check`, a carried fill
 * that does not meet its surroundings (see MISFIT) is dropped, and false returned.
 */
function carryPlane(
  carry: PlaneCarry,
  frame: Uint8Array,
  values: Float32Array,
  motion: Motion | null,
  check: boolean,
): boolean {
  const { hole, holeInWindow, window, dx, dy } = carry;
  const { width, height } = carry.extended;
  const current = cropExtended(frame, carry);
  // The current frame as the unblender left it: corrected inside the region, spatially filled.
  for (let y = 0; y < window.height; y++) {
    for (let x = 0; x < window.width; x++) {
      const i = y * window.width + x;
      if (window.inside[i]) current[(y + dy) * width + x + dx] = values[i] as number;
    }
  }
  const trust = new Float32Array(width * height).fill(1);
  const previous = carry.previous;
  const previousTrust = carry.trust;
  carry.previous = current;
  carry.trust = trust;
  const restart = () => {
    for (let k = 0; k < hole.length; k++) trust[hole[k] as number] = 0;
    carry.seamStarted = false;
  };
  if (!previous || !motion) {
    restart();
    return true;
  }
  const tap = bilinearTap();
  const warp = planeWarp(carry, motion);
  const carried = new Float32Array(hole.length);
  let most = 0;
  for (let k = 0; k < hole.length; k++) {
    const e = hole[k] as number;
    if (warp(e, tap)) {
      carried[k] = readTap(previous, width, tap) + motion.light;
      const kept = DECAY * readTap(previousTrust, width, tap);
      trust[e] = kept;
      most = Math.max(most, kept);
    } else {
      carried[k] = current[e] as number;
      trust[e] = 0;
    }
  }
  if (most < LEAST_TRUST) {
    carry.seamStarted = false;
    return true;
  }
  if (check && !meetsSurroundings(carry, carried, current)) {
    restart();
    return false;
  }
  smoothSeam(carry, current, previous, motion, carried);
  for (let k = 0; k < hole.length; k++) {
    const e = hole[k] as number;
    const i = holeInWindow[k] as number;
    const c = trust[e] as number;
    current[e] = carried[k] as number;
    values[i] = c * (carried[k] as number) + (1 - c) * (values[i] as number);
  }
  return true;
}

/** Whether the carried fill's edge stays near the pixels next to it (see MISFIT). */
function meetsSurroundings(carry: PlaneCarry, carried: Float32Array, current: Float32Array) {
  const { rim } = carry;
  let edge = 0;
  let step = 0;
  let steps = 0;
  for (let t = 0; t < rim.length; t += 3) {
    const n = rim[t + 1] as number;
    const beyond = rim[t + 2] as number;
    edge += Math.abs((carried[rim[t] as number] as number) - (current[n] as number));
    if (beyond < 0) continue;
    step += Math.abs((current[beyond] as number) - (current[n] as number));
    steps++;
  }
  const edges = rim.length / 3;
  if (edges === 0) return true;
  return edge / edges <= MISFIT * (steps === 0 ? 0 : step / steps) + MISFIT_NOISE;
}

/**
 * Adds to the carried fill the membrane (harmonic) interpolation of its mismatch with the
 * current frame on the pixels around the hole, so that it meets them without a seam.
 */
function smoothSeam(
  carry: PlaneCarry,
  current: Float32Array,
  previous: Float32Array,
  motion: Motion,
  carried: Float32Array,
): void {
  const { hole, around, seam, neighbours } = carry;
  const tap = bilinearTap();
  const warp = planeWarp(carry, motion);
  for (let k = 0; k < around.length; k++) {
    const e = around[k] as number;
    const inside = warp(e, tap);
    seam[e] = inside
      ? (current[e] as number) - (readTap(previous, carry.extended.width, tap) + motion.light)
      : 0;
  }
  if (!carry.seamStarted) for (let k = 0; k < hole.length; k++) seam[hole[k] as number] = 0;
  relaxMembrane(seam, hole, neighbours, carry.seamStarted ? SWEEPS : FIRST_SWEEPS);
  carry.seamStarted = true;
  for (let k = 0; k < hole.length; k++) {
    carried[k] = (carried[k] as number) + (seam[hole[k] as number] as number);
  }
}
