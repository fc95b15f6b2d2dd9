/**
 * The camera's motion around a hole, from one frame to the next: an affine warp (shift, zoom,
 * turn, shear) and a change of light, fitted to the pixels of a ring around the hole by robust
 * Gauss-Newton on an image pyramid. The warp maps a pixel of the current frame to where the
 * same point was in the previous one.
 */
import { type BilinearTap, bilinearTap, placeTap, readTap } from "./bilinear";

/**
 * Shift (tx, ty) and the change of the 2x2 linear part (xx, xy, yx, yy: zoom, turn, shear,
 * the last two for parallax across the ring) about the image's centre; light offset.
 */
export type Motion = {
  tx: number;
  ty: number;
  xx: number;
  xy: number;
  yx: number;
  yy: number;
  light: number;
  /** Shifts on top of the affine part, cell by cell. */
  field?: MotionField;
};

/**
 * The shifts added to the affine motion (fitted in motion-field.ts), per cell of `cell` luma
 * pixels (grid `width` x `height`).
 */
export type MotionField = {
  cell: number;
  width: number;
  height: number;
  du: Float32Array;
  dv: Float32Array;
};

export const NO_MOTION: Motion = { tx: 0, ty: 0, xx: 0, xy: 0, yx: 0, yy: 0, light: 0 };
const PARAMETERS = 7;

export type Image = { values: Float32Array; width: number; height: number };

export type MotionFit = {
  motion: Motion;
  /** Mean absolute difference over the ring once aligned, and with no motion at all. */
  residual: number;
  still: number;
  /** Ring pixels the fit could use. */
  used: number;
};

/** Levels of the pyramid: the coarsest follows shifts of about 2^LEVELS pixels per frame. */
const LEVELS = 4;
const ITERATIONS = 6;
/** Huber's threshold on a pixel's difference, in levels: larger ones count less. */
export const HUBER = 8;
/** Smallest side of a pyramid level worth fitting. */
const SMALLEST = 12;
/**
 * Ring pixels above which the finest level fitted is the half-resolution one: a few hundredths
 * of a pixel there is plenty for carrying a fill, at a quarter of the work.
 */
const FULL_RESOLUTION_RING = 16_000;

/**
 * A motion's affine warp on an image `width` x `height`: `place(i, tap)` points `tap` at where
 * pixel i of the current image was in the previous one (false when that is less than `inset`
 * from the previous image's edge), and leaves the pixel's offset from the centre in `from` and
 * where it was in `to`. The motion field, on top, is for the carry's pixels (pixel-warp.ts).
 */
export function motionWarp(motion: Motion, width: number, height: number) {
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const from = { dx: 0, dy: 0 };
  const to = { x: 0, y: 0 };
  const place = (i: number, tap: BilinearTap, inset = 0): boolean => {
    const x = i % width;
    const y = (i - x) / width;
    const dx = x - cx;
    const dy = y - cy;
    from.dx = dx;
    from.dy = dy;
    to.x = x + motion.tx + motion.xx * dx + motion.xy * dy;
    to.y = y + motion.ty + motion.yx * dx + motion.yy * dy;
    return placeTap(tap, width, height, to.x, to.y, inset);
  };
  return { place, from, to };
}

type Level = {
  previous: Image;
  /** The previous image's gradient (central differences). */
  gradientX: Float32Array;
  gradientY: Float32Array;
  current: Image;
  /** Indices of the ring's pixels on this level. */
  ring: Int32Array;
  /** Pixels of the finest level per pixel of this one. */
  scale: number;
};

function halve(image: Image): Image {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const values = new Float32Array(width * height);
  const source = image.values;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * image.width + 2 * x;
      values[y * width + x] =
        0.25 *
        ((source[i] as number) +
          (source[i + 1] as number) +
          (source[i + image.width] as number) +
          (source[i + image.width + 1] as number));
    }
  }
  return { values, width, height };
}

/** A coarse pixel is in the ring when all four of its finer ones are. */
function halveRing(ring: Uint8Array, width: number, height: number): Uint8Array {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = 2 * y * width + 2 * x;
      out[y * w + x] = ring[i] && ring[i + 1] && ring[i + width] && ring[i + width + 1] ? 1 : 0;
    }
  }
  return out;
}

export function gradients({ values, width, height }: Image) {
  const gradientX = new Float32Array(values.length);
  const gradientY = new Float32Array(values.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      gradientX[i] = 0.5 * ((values[i + 1] as number) - (values[i - 1] as number));
      gradientY[i] = 0.5 * ((values[i + width] as number) - (values[i - width] as number));
    }
  }
  return { gradientX, gradientY };
}

/** The ring's pixels, less the image's outermost row and column (no gradient there). */
function ringPixels(ring: Uint8Array, width: number, height: number): Int32Array {
  const pixels: number[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) if (ring[y * width + x]) pixels.push(y * width + x);
  }
  return Int32Array.from(pixels);
}

/** The pyramid from the finest level that is fitted to the coarsest. */
function pyramid(previous: Image, current: Image, ring: Uint8Array): Level[] {
  let finest = 0;
  let ringSize = 0;
  for (let i = 0; i < ring.length; i++) ringSize += ring[i] as number;
  if (ringSize > FULL_RESOLUTION_RING) finest = 1;
  const levels: Level[] = [];
  let scale = 1;
  for (let level = 0; level < LEVELS; level++) {
    if (level > 0) {
      if (Math.min(current.width, current.height) < 2 * SMALLEST) break;
      ring = halveRing(ring, current.width, current.height);
      previous = halve(previous);
      current = halve(current);
      scale *= 2;
    }
    if (level < finest) continue;
    const pixels = ringPixels(ring, current.width, current.height);
    levels.push({ previous, current, ...gradients(previous), ring: pixels, scale });
  }
  return levels;
}

function scaled(motion: Motion, factor: number): Motion {
  return { ...motion, tx: motion.tx * factor, ty: motion.ty * factor };
}

/**
 * Fits the motion from `previous` to `current` over the ring (1 where a pixel may be used),
 * starting from `guess` (the last frame's motion: cameras move smoothly) and from no motion.
 * Where the two lead to different motions on the coarsest level, both are fitted down to the
 * finest, and whichever fits it better is kept: judged on the coarsest level, a still parking
 * lot that a shadow swept over (seed unseen-51) kept, frame after frame, a shift of a pixel
 * and a turn of 2 degrees read into the changing light, fitting the finest level worse than
 * no motion did. Its opaque logo went from 39.80 dB to 40.61 (delogo 40.47). On five seeds'
 * opaque logos, two other parking lots lost 0.2 dB (bench seed 41.20 -> 41.01, delogo 40.79;
 * unseen-37 26.15 -> 25.94), dashcams moved by -0.11 and +0.12, and no other clip by more
 * than 0.06. The starts part on 12% of a handheld flower's frames and 78% of a dashcam's (its
 * zoom); fitting both there took the dashcam's smart fill from 6.0-7.1 s to 6.2-7.2. Where
 * the motion kept deforms the ring more than a camera does, a shift is fitted too (DEFORMED).
 */
export function fitRingMotion(
  previous: Image,
  current: Image,
  ring: Uint8Array,
  guess: Motion = NO_MOTION,
): MotionFit {
  const levels = pyramid(previous, current, ring);
  const coarsest = levels[levels.length - 1] as Level;
  const finest = levels[0] as Level;
  const fromGuess = refine(coarsest, scaled(guess, 1 / coarsest.scale));
  const fromStill = refine(coarsest, NO_MOTION);
  const finer = (fit: Fitted) => descend(levels, fit, "affine");
  let best = sameMotion(fromGuess.motion, fromStill.motion)
    ? finer(better(fromGuess, fromStill))
    : better(finer(fromGuess), finer(fromStill));
  let aligned = ringDifference(finest, best.motion);
  if (deformation(best.motion, finest.current) > DEFORMED) {
    const shift = fitShift(levels);
    const shifted = ringDifference(finest, shift.motion);
    if (shifted.mean < SHIFT_SLACK * aligned.mean) {
      best = shift;
      aligned = shifted;
    }
  }
  return {
    motion: scaled(best.motion, finest.scale),
    residual: aligned.mean,
    still: ringDifference(finest, NO_MOTION).mean,
    used: aligned.count,
  };
}

/**
 * An affine motion whose linear part moves the corners of the finest level fitted by more than
 * DEFORMED pixels in one frame (the root of the sum of squares of its four terms, each times
 * the half-size it multiplies) is more likely two motions sheared into one than a camera that
 * turns or zooms that fast: one object moving across a still ground around the hole, such as
 * a car that drives under a logo over a parking lot filmed from above at 12 to 20 pixels a
 * frame (seed unseen-37). Such a fit carries neither of them right inside the hole, and the
 * carry misfit and started again every other frame. A shift alone is fitted then too
 * (fitShift), and kept unless the affine motion explains the ring SHIFT_SLACK times better.
 * On the opaque logos of seven seeds, that parking lot went from 26.23 dB to 30.96 (21.2 ->
 * 26.8 over the car's frames) and three others a car crosses rose by 1.4 to 2.5; dashcams moved by
 * -0.27 to +2.41, a bee taking off -0.23 to +2.45, butterflies -0.20 to +1.33, close-up faces
 * -0.08 to +0.83, a webcam -0.54, a street seen from a car -0.36 to +0.41. The opaque medians
 * of five seeds rose (bench 26.03 -> 26.42, unseen-23 25.23 -> 25.61, unseen-37 25.53 ->
 * 26.44, unseen-51 30.21 -> 30.37, unseen-88 27.90 -> 28.62), the other two held. With the
 * shift started from the affine one's instead of the search, a bee lost 2.4 dB of that and a
 * butterfly 0.8. The shift is fitted on 7% of a handheld flower's frames, on 3 in 10 of that
 * parking lot's.
 */
const DEFORMED = 2;
const SHIFT_SLACK = 2.5;
/** Whole pixels of the coarsest level each way that fitShift starts from the best of. */
const SEARCHED = 3;

function deformation(motion: Motion, { width, height }: Image): number {
  return Math.hypot(
    (motion.xx * width) / 2,
    (motion.xy * height) / 2,
    (motion.yx * width) / 2,
    (motion.yy * height) / 2,
  );
}

/**
 * The shift (and change of light) that best explains the ring, refined down the levels from
 * the whole-pixel shift of the coarsest level, within SEARCHED pixels, that explains it best:
 * an object's motion is found however far it is from the camera's.
 */
function fitShift(levels: Level[]): Fitted {
  const coarsest = levels[levels.length - 1] as Level;
  let start = NO_MOTION;
  let least = Number.POSITIVE_INFINITY;
  for (let ty = -SEARCHED; ty <= SEARCHED; ty++) {
    for (let tx = -SEARCHED; tx <= SEARCHED; tx++) {
      const shift = { ...NO_MOTION, tx, ty };
      const { mean } = ringDifference(coarsest, shift);
      if (mean < least) {
        least = mean;
        start = shift;
      }
    }
  }
  return descend(levels, refine(coarsest, start, "shift"), "shift");
}

/** A fit on the coarsest level refined level by level down to the finest. */
function descend(levels: Level[], fit: Fitted, kind: MotionKind): Fitted {
  for (let index = levels.length - 2; index >= 0; index--) {
    fit = refine(levels[index] as Level, scaled(fit.motion, 2), kind);
  }
  return fit;
}

/** A motion fitted on one level, and its final Huber cost per pixel there. */
type Fitted = { motion: Motion; cost: number };

/** Of two fits on the same level, the one that costs less (the first on a tie). */
const better = (a: Fitted, b: Fitted): Fitted => (b.cost < a.cost ? b : a);

/** Coarse motions this close lead to the same fine one (shifts in pixels of their level). */
const SAME_SHIFT = 0.05;
const SAME_AFFINE = 0.002;

function sameMotion(a: Motion, b: Motion): boolean {
  return (
    Math.abs(a.tx - b.tx) < SAME_SHIFT &&
    Math.abs(a.ty - b.ty) < SAME_SHIFT &&
    Math.abs(a.xx - b.xx) < SAME_AFFINE &&
    Math.abs(a.xy - b.xy) < SAME_AFFINE &&
    Math.abs(a.yx - b.yx) < SAME_AFFINE &&
    Math.abs(a.yy - b.yy) < SAME_AFFINE
  );
}

/** Mean absolute difference over the ring with the previous image warped by `motion`. */
function ringDifference(level: Level, motion: Motion) {
  const { previous, current, ring } = level;
  const { place } = motionWarp(motion, current.width, current.height);
  const tap = bilinearTap();
  let total = 0;
  let count = 0;
  for (let k = 0; k < ring.length; k++) {
    const i = ring[k] as number;
    if (!place(i, tap)) continue;
    const before = readTap(previous.values, previous.width, tap);
    total += Math.abs(before + motion.light - (current.values[i] as number));
    count++;
  }
  return { mean: count === 0 ? Number.POSITIVE_INFINITY : total / count, count };
}

/** What refine fits: the whole affine motion, or a shift alone (its linear part held). */
type MotionKind = "affine" | "shift";

/** Robust Gauss-Newton on one level; returns the motion and its final Huber cost per pixel. */
function refine(level: Level, start: Motion, kind: MotionKind = "affine"): Fitted {
  const affine = kind === "affine" ? 1 : 0;
  const { previous, current, ring, gradientX, gradientY } = level;
  const pw = previous.width;
  const prev = previous.values;
  const huber = HUBER / Math.sqrt(level.scale);
  const motion = { ...start };
  const tap = bilinearTap();
  let cost = Number.POSITIVE_INFINITY;
  const n = PARAMETERS;
  const h = new Float64Array(n * n);
  const g = new Float64Array(n);
  const j = new Float64Array(n);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    h.fill(0);
    g.fill(0);
    const { place, from } = motionWarp(motion, current.width, current.height);
    let total = 0;
    let count = 0;
    for (let k = 0; k < ring.length; k++) {
      const i = ring[k] as number;
      // The gradient is not known on the outermost pixels.
      if (!place(i, tap, 1)) continue;
      const { dx, dy } = from;
      const gx = readTap(gradientX, pw, tap);
      const gy = readTap(gradientY, pw, tap);
      const r = readTap(prev, pw, tap) + motion.light - (current.values[i] as number);
      const size = Math.abs(r);
      const weight = size <= huber ? 1 : huber / size;
      total += size <= huber ? 0.5 * r * r : huber * (size - 0.5 * huber);
      count++;
      j[0] = gx;
      j[1] = gy;
      // A shift alone leaves its linear part out: those columns are empty, and stay put.
      j[2] = affine * gx * dx;
      j[3] = affine * gx * dy;
      j[4] = affine * gy * dx;
      j[5] = affine * gy * dy;
      j[6] = 1;
      for (let row = 0; row < n; row++) {
        const jr = (j[row] as number) * weight;
        g[row] = (g[row] as number) + jr * r;
        for (let col = row; col < n; col++) {
          h[row * n + col] = (h[row * n + col] as number) + jr * (j[col] as number);
        }
      }
    }
    cost = count === 0 ? Number.POSITIVE_INFINITY : total / count;
    if (count < 16) break;
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < row; col++) h[row * n + col] = h[col * n + row] as number;
      // A little damping keeps a ring with little texture from zooming or shearing wildly.
      h[row * n + row] = (h[row * n + row] as number) * 1.01 + 1e-6;
    }
    const step = solve(h, g, n);
    if (!step) break;
    motion.tx -= step[0] as number;
    motion.ty -= step[1] as number;
    motion.xx -= step[2] as number;
    motion.xy -= step[3] as number;
    motion.yx -= step[4] as number;
    motion.yy -= step[5] as number;
    motion.light -= step[6] as number;
    if (Math.abs(step[0] as number) + Math.abs(step[1] as number) < 0.01) break;
  }
  return { motion, cost };
}

/** Solves the n x n system h x = g by Gaussian elimination with partial pivoting. */
function solve(h: Float64Array, g: Float64Array, n: number): Float64Array | null {
  const a = Float64Array.from(h);
  const b = Float64Array.from(g);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row * n + col] as number) > Math.abs(a[pivot * n + col] as number))
        pivot = row;
    }
    if (Math.abs(a[pivot * n + col] as number) < 1e-12) return null;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        const t = a[col * n + k] as number;
        a[col * n + k] = a[pivot * n + k] as number;
        a[pivot * n + k] = t;
      }
      const t = b[col] as number;
      b[col] = b[pivot] as number;
      b[pivot] = t;
    }
    for (let row = col + 1; row < n; row++) {
      const f = (a[row * n + col] as number) / (a[col * n + col] as number);
      for (let k = col; k < n; k++) {
        a[row * n + k] = (a[row * n + k] as number) - f * (a[col * n + k] as number);
      }
      b[row] = (b[row] as number) - f * (b[col] as number);
    }
  }
  const x = new Float64Array(n);
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row] as number;
    for (let k = row + 1; k < n; k++) sum -= (a[row * n + k] as number) * (x[k] as number);
    x[row] = sum / (a[row * n + row] as number);
  }
  return x;
}
