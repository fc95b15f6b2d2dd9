/**
 * The fill of an opaque mark carried along with the camera. Each frame, every filled pixel is
 * followed back by the motion fitted on a ring around the mark (affine, with a field of shifts
 * on top: motion-field.ts) to the last frame that showed the picture there (the real picture
 * around the mark, which the camera's motion brings in), and read from that frame once, so it
 * keeps its detail however long it is carried; its mismatch with the current frame's
 * surroundings is spread over it as a membrane, so it meets them without a seam. Where no frame
 * kept showed it, the spatial fill stays. Over a still picture nothing is brought in and the
 * spatial fill is left as it was.
 */

import { dilate, setPixels } from "../pixel-masks";
import { bilinearTap, placeTap, readTap, tapWithin } from "./bilinear";
import { carriedWindow } from "./carry-window";
import { OPAQUE_MARK } from "./dominant-opacity";
import { lightChange } from "./light-match";
import type { MarkModel } from "./mark-model";
import { cropValues, type PlaneWindow } from "./mark-window";
import {
  aroundOf,
  type CoarseMembrane,
  coarseMembrane,
  type Membrane,
  membrane,
  neighbourTable,
  relaxMembrane,
  startFromCoarse,
} from "./membrane";
import { createMotionTracker, type MotionTracker } from "./motion-tracker";
import { type ListWarp, pixelWarp } from "./pixel-warp";
import type { Motion } from "./ring-motion";
import { readSpline } from "./spline-read";

/**
 * Frames kept to read a hidden pixel from: how far back its picture may have been seen. The
 * carried picture moves as the real one does; mixed with the spatial fill, or dropped young,
 * it would change less than the real picture from frame to frame. But the motion it is carried
 * by is fitted around the mark, and a picture seen long ago has strayed from what lies beneath
 * where the things under the mark move apart from those around it (a handheld flower's near
 * leaves): on the bench seed's opaque logo, the handheld flower's mean square error inside
 * grows with its pictures' age, from about 30 on a fresh carry to over 500 once they are 60
 * frames old. Against 120, 80 took it from 26.10 dB to 26.44 (flicker -0.35 -> -0.31), and on
 * two unseen seeds 22.62 -> 23.09 and 24.91 -> 24.77 (60: 26.20, 23.26, 24.60; 100: 26.13); no
 * other clip or kind of mark moved by more than 0.03 dB but a dashcam, 34.35 -> 34.57. Fewer
 * are kept where they would take more than HISTORY_BYTES (a region and its margin over about
 * 140,000 pixels). At most 255: a picture's age is recorded in a byte (fill-record.ts).
 */
export const DEPTH = 80;
const HISTORY_BYTES = 16 << 20;
/**
 * A carried fill whose edge strays from the pixels next to it by more than MISFIT times the
 * picture's own step there, plus MISFIT_NOISE levels, is not what lies beneath: an object that
 * crossed the mark was carried in with it and left behind when it went. The carry starts again.
 * On the bench seed's opaque logos, 2.5 against 4 took the median from 24.08 dB to 24.23: a
 * close-up face 20.47 -> 20.99, a butterfly on its thistle (a foreground that moves apart from
 * its background) 24.09 -> 24.38, a vertical handheld flower 21.38 -> 21.77, a bee 27.72 ->
 * 27.65; the unseen seeds' medians held or rose, their worst cases as they were. 2 lost a
 * handheld flower 0.5 dB. Measured only where the carry reached the edge (see
 * meetsSurroundings), 24.56: the butterfly 25.05, the handheld flower 25.34 -> 25.71; the median
 * flicker went to -0.43 from -0.31 (more frames keep the still spatial fill).
 */
const MISFIT = 2.5;
const MISFIT_NOISE = 3;
/**
 * A carry is dropped when, around the hole, it is off the frame by more than STILLER times the
 * picture's own change there (plus a level), over LEAST_TESTED pixels or more. Handheld and
 * moving shots stay under it; a still picture carried off by a passing object's motion does not
 * (the synthetic one reads 6.4 beyond the level). A handheld flower shot whose camera pauses
 * after a long carry reads 4.6 and 5.0 on two frames: at 4, its backward pass started again
 * from nothing 65 frames before the start (opaque logo, bench seed: 24.61 dB, at 5.5 25.34).
 */
const STILLER = 5.5;
const LEAST_TESTED = 16;
/**
 * Sweeps of the seam's membrane per frame, warm-started from the last frame's; and when it
 * starts again, from the solution of its coarse problem (see membrane.ts). On the bench's opaque
 * logos, 24 from there score as the 200 from nothing did, and the backward pass takes a quarter
 * less time on a butterfly clip (3.3 -> 2.5 s).
 */
const SWEEPS = 12;
const FIRST_SWEEPS = 24;
/**
 * A picture carried from farther than STRAYED pixels (of its plane) is dropped when the picture
 * around the hole, having gone PASSED levels or more away from what it was before anything was
 * carried from afar, is back to it: within RETURNED levels (mean absolute difference once the
 * change of light is taken out). Something passed by that moved it in: an object crossing the
 * mark over a still ground (a car across a parking lot filmed from above), not the camera, which
 * would not have come back to the same place. Kept, the ground its motion dragged into the hole
 * stays there for up to DEPTH frames: on seed unseen-37's parking lot, 35 dB in the frames after
 * the car against 45 for the spatial fill. A ring that never went far (a macro shot of a flower
 * swaying before a blurred, still background) keeps what its small motions carried: dropped
 * whenever the ring was back within RETURNED, whether or not it had gone far, it lost 0.15 dB
 * there (seed unseen-23), though parking lots that no car crossed gained 0.25 to 0.59 dB (seeds
 * bench, unseen-51, unseen-64). Where a car passed, the ring went 60 levels away; elsewhere, on
 * those clips, 2.5 at most. Once the car was carried by its own shift (see DEFORMED in
 * ring-motion.ts), the ring came back to within 2.2 to 2.9 levels of what it was before it,
 * and at 2 nothing was dropped: 35 dB over the frames after it. At 3, 45.7 (the clip 30.96 ->
 * 31.81); no other opaque logo of seven seeds moved by more than 0.02 dB.
 */
const STRAYED = 1.5;
const RETURNED = 3;
const PASSED = 6;

export type Carrier = {
  /** Fits the camera's motion since the last frame; once per frame, before `carry`. */
  track(frame: Uint8Array): void;
  /**
   * Mixes the carried fill into the filled pixels of one plane's window values. `fill` writes
   * the spatial fill into them; it is called only when a filled pixel keeps it this frame (one
   * not carried, or the whole carry dropped), so a frame carried whole skips its cost. Returns,
   * per filled pixel in scan order, the age of its picture where it was carried (found) this
   * frame: how many frames ago it was seen (at most DEPTH); 0 where it was not carried.
   */
  carry(plane: 0 | 1 | 2, frame: Uint8Array, values: Float32Array, fill: () => void): Uint8Array;
};

/**
 * Per followed pixel, where its picture was last seen: how many frames back (0: in none kept),
 * the position in that frame's extended window, and the change of light since.
 */
type Sources = { age: Uint16Array; x: Float32Array; y: Float32Array; light: Float32Array };

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
  /**
   * The pixels followed back: the hole and the two pixels around it, so that a pixel's way
   * back crosses the hole's edge, where the picture is not read (see `readable`), one frame
   * at a time; each extended-window pixel's index in it (-1 for none), and each filled one's.
   */
  followed: Int32Array;
  followedIndex: Int32Array;
  holeFollowed: Int32Array;
  /** The pixels a carried picture is read from: farther than a pixel from the hole. */
  readable: Uint8Array;
  /**
   * The filled pixels (`hole`) as a membrane problem: per filled pixel, its four neighbours'
   * extended indices (-1 off the window).
   */
  membrane: Membrane;
  /** The known pixels next to the filled ones, each once. */
  around: Int32Array;
  /** Where the followed pixels, and those around the hole, were in the previous frame. */
  followedWarp: (motion: Motion) => ListWarp;
  aroundWarp: (motion: Motion) => ListWarp;
  /**
   * The hole's edge, as triples: a filled pixel's index in `hole`, a known neighbour, and the
   * known pixel beyond that neighbour (-1 where there is none).
   */
  rim: Int32Array;
  /**
   * The last `depth` frames' pictures, newest first, in whole levels as written out: the real
   * one around the hole, the fill in it. `depth` is the same for the three planes.
   */
  depth: number;
  history: Uint8ClampedArray[];
  /** This frame's sources, and the buffer the next frame's are written to. */
  sources: Sources;
  next: Sources;
  /** The membrane that takes the seam away, kept to warm-start the next frame's. */
  seam: Float32Array;
  seamStarted: boolean;
  /** The seam's coarse problem, which a restarted seam starts from. */
  coarse: CoarseMembrane;
  /**
   * Per filled pixel, the age of its picture where it was found this frame (see Carrier's
   * `carry`); 0 elsewhere, and everywhere once the carry is dropped.
   */
  found: Uint8Array;
  /**
   * The extended window as it was in the last frame in which nothing was carried from afar (see
   * STRAYED); null before there was one.
   */
  before: Float32Array | null;
  /** How far the picture around the hole has gone from `before` since it was kept. */
  departed: number;
};

/** Whether a mark's fill is carried: it is opaque (a transparent mark's is not filled). */
export function carriesFill(model: MarkModel): boolean {
  return model.opaqueShare > OPAQUE_MARK;
}

/**
 * A carrier for an opaque mark's fill, following the motion `tracker` fits; none for a
 * transparent mark (nothing is filled).
 */
export function createCarrier(
  model: MarkModel,
  tracker: MotionTracker = createMotionTracker(model.window[0]),
): Carrier | null {
  if (!carriesFill(model)) return null;
  const planes = model.window.map((window, plane) =>
    planeCarry(window, model.fill[plane] as Uint8Array),
  ) as [PlaneCarry, PlaneCarry, PlaneCarry];
  const bytes = planes.reduce((sum, { extended }) => sum + extended.width * extended.height, 0);
  const depth = Math.max(1, Math.min(DEPTH, Math.floor(HISTORY_BYTES / bytes)));
  for (const plane of planes) plane.depth = depth;
  /** The motion since the last frame; null on the first frame or when it was lost. */
  let motion: Motion | null = null;
  /** This frame's luma carry did not meet its surroundings: chroma is not carried either. */
  let misfit = false;
  return {
    track(frame) {
      motion = tracker.track(frame);
    },
    carry(plane, frame, values, fill) {
      if (plane === 0) misfit = false;
      // The change of light was fitted on luma: chroma moves with the picture but keeps it.
      const planeMotion = !motion || misfit ? null : plane === 0 ? motion : { ...motion, light: 0 };
      const carry = planes[plane] as PlaneCarry;
      const fits = carryPlane(carry, frame, values, fill, planeMotion, plane === 0);
      if (plane === 0) misfit = !fits;
      return carry.found;
    },
  };
}

function planeCarry(window: PlaneWindow, fill: Uint8Array): PlaneCarry {
  const { extended, dx, dy } = carriedWindow(window);
  const { width, height } = extended;
  // A chroma plane's shifts, fitted on luma, are halved.
  const shiftScale = 1 / (1 << extended.plane.shift);
  const holeMask = new Uint8Array(width * height);
  const hole: number[] = [];
  const holeInWindow: number[] = [];
  for (let y = 0; y < window.height; y++) {
    for (let x = 0; x < window.width; x++) {
      const i = y * window.width + x;
      if (!fill[i]) continue;
      const e = (y + dy) * width + x + dx;
      holeMask[e] = 1;
      hole.push(e);
      holeInWindow.push(i);
    }
  }
  const holePixels = Int32Array.from(hole);
  const near = dilate(holeMask, width, height, 1);
  const followed = setPixels(dilate(near, width, height, 1));
  const followedIndex = new Int32Array(width * height).fill(-1);
  followed.forEach((e, k) => {
    followedIndex[e] = k;
  });
  const holeMembrane = membrane(width, height, holePixels);
  const { neighbours } = holeMembrane;
  const around = aroundOf(neighbours, holeMask);
  const rim = rimOf(holePixels, neighbours, holeMask, width, height);
  return {
    extended,
    window,
    dx,
    dy,
    hole: holePixels,
    holeInWindow: Int32Array.from(holeInWindow),
    followed,
    followedIndex,
    holeFollowed: holePixels.map((e) => followedIndex[e] as number),
    readable: near.map((set) => 1 - set),
    membrane: holeMembrane,
    around,
    followedWarp: pixelWarp(followed, width, height, shiftScale),
    aroundWarp: pixelWarp(around, width, height, shiftScale),
    rim,
    depth: DEPTH,
    history: [],
    sources: newSources(followed.length),
    next: newSources(followed.length),
    seam: new Float32Array(width * height),
    seamStarted: false,
    coarse: coarseMembrane(width, height, holePixels, around),
    found: new Uint8Array(holePixels.length),
    before: null,
    departed: 0,
  };
}

function newSources(count: number): Sources {
  return {
    age: new Uint16Array(count),
    x: new Float32Array(count),
    y: new Float32Array(count),
    light: new Float32Array(count),
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

/**
 * Carries one plane's fill, when there is a motion to carry it by; `fill` writes the spatial
 * fill into `values` where a filled pixel keeps it. With `check`, a carried fill that does not
 * meet its surroundings (see MISFIT) is dropped, and false returned.
 */
function carryPlane(
  carry: PlaneCarry,
  frame: Uint8Array,
  values: Float32Array,
  fill: () => void,
  motion: Motion | null,
  check: boolean,
): boolean {
  const { hole, holeInWindow, window, dx, dy, history } = carry;
  const { width } = carry.extended;
  const current = cropValues(frame, carry.extended);
  carry.found.fill(0);
  // The current frame as the unblender left it, corrected inside the region. Nothing reads the
  // filled pixels before they are written below: spatially filled, or carried.
  for (let y = 0; y < window.height; y++) {
    for (let x = 0; x < window.width; x++) {
      const i = y * window.width + x;
      if (window.inside[i]) current[(y + dy) * width + x + dx] = values[i] as number;
    }
  }
  const spatialFill = () => {
    fill();
    for (let k = 0; k < hole.length; k++) {
      current[hole[k] as number] = values[holeInWindow[k] as number] as number;
    }
  };
  const previous = history[0];
  if (!previous || !motion) {
    spatialFill();
    history.length = 0;
    keep(carry, current, true);
    return true;
  }
  const carried = new Float32Array(hole.length);
  let found = findSources(carry, motion, carried, current);
  const fits =
    found === 0 ||
    !check ||
    (meetsSurroundings(carry, carried, current) && staysNearFrame(carry, current));
  if (!fits) {
    carry.found.fill(0);
    found = 0;
  }
  // The filled pixels not carried keep the spatial fill; the carried ones are brought to meet
  // the frame around the hole (smoothSeam).
  if (found < hole.length) spatialFill();
  if (found > 0) smoothSeam(carry, current, previous, motion, carried);
  for (let k = 0; k < hole.length; k++) {
    if (!carry.found[k]) continue;
    const e = hole[k] as number;
    const value = carried[k] as number;
    values[holeInWindow[k] as number] = value;
    current[e] = value;
  }
  // A dropped carry starts again; with nothing found yet, the pixels around the hole keep their
  // sources for the next frame, and the seam starts again.
  keep(carry, current, !fits);
  if (found === 0) carry.seamStarted = false;
  return fits;
}

/**
 * Where each followed pixel's picture was last seen, from where it was in the previous frame:
 * outside the hole there, or carried from a followed pixel's own source (the nearest one,
 * shifted by the fraction between them); none for a picture an object passing by brought (see
 * dropPassedBy). Writes `carry.next` and, for the filled pixels found, `carry.found` and their
 * value in `carried`; returns how many were found.
 */
function findSources(
  carry: PlaneCarry,
  motion: Motion,
  carried: Float32Array,
  current: Float32Array,
): number {
  const { followed, followedIndex, readable, sources, next } = carry;
  const { width, height } = carry.extended;
  const tap = bilinearTap();
  const { place, to } = carry.followedWarp(motion);
  for (let k = 0; k < followed.length; k++) {
    next.age[k] = 0;
    if (!place(k, tap)) continue;
    if (tapWithin(readable, width, tap)) {
      setSource(next, k, 1, to.x, to.y, motion.light);
      continue;
    }
    const nx = Math.round(to.x);
    const ny = Math.round(to.y);
    const m = followedIndex[ny * width + nx] as number;
    const age = m < 0 ? 0 : (sources.age[m] as number);
    if (age === 0 || age >= carry.depth) continue;
    const x = (sources.x[m] as number) + to.x - nx;
    const y = (sources.y[m] as number) + to.y - ny;
    if (placeTap(tap, width, height, x, y)) {
      setSource(next, k, age + 1, x, y, (sources.light[m] as number) + motion.light);
    }
  }
  dropPassedBy(carry, current);
  const { hole, holeFollowed } = carry;
  let found = 0;
  for (let k = 0; k < hole.length; k++) {
    const f = holeFollowed[k] as number;
    const age = next.age[f] as number;
    if (age === 0) continue;
    carried[k] = foundValue(carry, f);
    carry.found[k] = age;
    found++;
  }
  return found;
}

/**
 * The value found for followed pixel k (it has a source in `carry.next`), read through a cubic
 * B-spline (spline-read.ts). Read bilinearly, a carried picture would be sharp where its source
 * falls on a pixel and blurred where it falls between two, and where it falls moves with the
 * camera; and the source is placed by motions fitted over as many frames as the picture's age,
 * so it is known only to a fraction of a pixel. On the bench seed's opaque logos, against
 * bilinear, the median went from 25.97 dB to 26.02, every clip carried from rising: a handheld
 * flower 26.44 -> 26.50, a butterfly 25.51 -> 25.55, a dashcam 31.77 -> 31.84; on four unseen
 * seeds 25.43 -> 25.49, 30.98 -> 31.04 and two held, no clip of the 50 losing more than 0.03.
 * The median flicker went from -0.29 to -0.34. Sharper (Catmull-Rom) lost every clip carried a
 * little (25.92); blurrier (a Gaussian of 0.8 pixel) lost the butterfly.
 */
function foundValue(carry: PlaneCarry, k: number): number {
  const { next, history } = carry;
  const { width, height } = carry.extended;
  const seen = history[(next.age[k] as number) - 1] as Uint8ClampedArray;
  return (
    readSpline(seen, width, height, next.x[k] as number, next.y[k] as number) +
    (next.light[k] as number)
  );
}

/**
 * Drops the sources in `carry.next` carried from afar once the picture around the hole, having
 * gone far from what it was before any was, is back to it (see STRAYED); while there are none,
 * that picture is kept.
 */
function dropPassedBy(carry: PlaneCarry, current: Float32Array): void {
  const { followed, next, extended } = carry;
  const { width } = extended;
  const strayed = (k: number) => {
    const e = followed[k] as number;
    const x = e % width;
    const dx = (next.x[k] as number) - x;
    const dy = (next.y[k] as number) - (e - x) / width;
    return next.age[k] !== 0 && dx * dx + dy * dy > STRAYED * STRAYED;
  };
  let passing = false;
  for (let k = 0; k < followed.length && !passing; k++) passing = strayed(k);
  if (!passing) {
    carry.before ??= new Float32Array(current.length);
    carry.before.set(current);
    carry.departed = 0;
    return;
  }
  if (!carry.before) return;
  const away = lightChange(extended, current, carry.before).mismatch;
  carry.departed = Math.max(carry.departed, away);
  if (away > RETURNED || carry.departed < PASSED) return;
  for (let k = 0; k < followed.length; k++) if (strayed(k)) next.age[k] = 0;
}

function setSource(sources: Sources, k: number, age: number, x: number, y: number, light: number) {
  sources.age[k] = age;
  sources.x[k] = x;
  sources.y[k] = y;
  sources.light[k] = light;
}

/**
 * Ends a plane's frame: its picture joins the history and the sources just found become the
 * current ones; on a `restart` none are kept, and the seam starts again.
 */
function keep(carry: PlaneCarry, current: Float32Array, restart: boolean): void {
  const { history } = carry;
  // Once `depth` are kept, the oldest picture's buffer takes the newest.
  const picture =
    history.length < carry.depth
      ? new Uint8ClampedArray(current.length)
      : (history.pop() as Uint8ClampedArray);
  picture.set(current);
  history.unshift(picture);
  if (restart) {
    carry.next.age.fill(0);
    carry.seamStarted = false;
  }
  [carry.sources, carry.next] = [carry.next, carry.sources];
}

/**
 * Whether, on the pixels around the hole that the frame shows, what is carried there stays
 * near the frame: within STILLER times the change of the picture itself there since the last
 * frame, plus a level (see STILLER). When it does not, the carry moves a picture that holds
 * still: an object that crossed the ring took the motion along, and what was carried with it
 * is not what lies beneath.
 */
function staysNearFrame(carry: PlaneCarry, current: Float32Array): boolean {
  const { followed, readable, history, next } = carry;
  const previous = history[0] as Uint8ClampedArray;
  let carriedOff = 0;
  let stillOff = 0;
  let count = 0;
  for (let k = 0; k < followed.length; k++) {
    const e = followed[k] as number;
    if (next.age[k] === 0 || !readable[e]) continue;
    carriedOff += Math.abs(foundValue(carry, k) - (current[e] as number));
    stillOff += Math.abs((previous[e] as number) - (current[e] as number));
    count++;
  }
  return count < LEAST_TESTED || carriedOff <= STILLER * stillOff + count;
}

/**
 * Whether the carried fill's edge, where the picture was found, stays near the pixels next to it
 * (see MISFIT). The edge's other pixels keep the spatial fill, which meets them by its making:
 * counted in, they would hide a carry that strays where it is.
 */
function meetsSurroundings(carry: PlaneCarry, carried: Float32Array, current: Float32Array) {
  const { rim, found } = carry;
  let edge = 0;
  let edges = 0;
  let step = 0;
  let steps = 0;
  for (let t = 0; t < rim.length; t += 3) {
    const k = rim[t] as number;
    const n = rim[t + 1] as number;
    const beyond = rim[t + 2] as number;
    if (found[k]) {
      edge += Math.abs((carried[k] as number) - (current[n] as number));
      edges++;
    }
    if (beyond < 0) continue;
    step += Math.abs((current[beyond] as number) - (current[n] as number));
    steps++;
  }
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
  previous: Uint8ClampedArray,
  motion: Motion,
  carried: Float32Array,
): void {
  const { hole, around, seam } = carry;
  const tap = bilinearTap();
  const { place } = carry.aroundWarp(motion);
  for (let k = 0; k < around.length; k++) {
    const e = around[k] as number;
    const inside = place(k, tap);
    seam[e] = inside
      ? (current[e] as number) - (readTap(previous, carry.extended.width, tap) + motion.light)
      : 0;
  }
  if (!carry.seamStarted) startFromCoarse(seam, hole, around, carry.coarse);
  relaxMembrane(seam, carry.membrane, carry.seamStarted ? SWEEPS : FIRST_SWEEPS);
  carry.seamStarted = true;
  for (let k = 0; k < hole.length; k++) {
    carried[k] = (carried[k] as number) + (seam[hole[k] as number] as number);
  }
}
