/**
 * The thin-plate (biharmonic) fill: the masked pixels set so that the picture's Laplacian,
 * summed squared over every pixel whose stencil reaches them, is least. It continues the slope
 * of the picture around the hole where the membrane fill flattens it: a blurred background's
 * light and shade carry on across the mark. The problem's matrix depends on the mask alone, so
 * it is factored once (banded Cholesky) and each frame is two substitutions, exact.
 */

import { dilate } from "../pixel-masks";

/** The five-point Laplacian's taps (self, west, east, north, south) and weights. */
const WEIGHTS = [-4, 1, 1, 1, 1] as const;

export type BendingFill = {
  /** How many pixels are unknown, and each window pixel's place among them (-1: known). */
  size: number;
  place: Int32Array;
  /** Pixels whose Laplacian counts, each followed by its five taps. */
  stencils: Int32Array;
  band: number;
  /** The lower band of the Cholesky factor, row k at k * (band + 1). */
  factor: Float64Array;
};

/** The pixels whose five-point stencil lies whole in the window and reaches an unknown one. */
function stencilsOf(unknown: Uint8Array, width: number, height: number): Int32Array {
  const list: number[] = [];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const taps = [i, i - 1, i + 1, i - width, i + width];
      if (taps.some((j) => unknown[j])) list.push(...taps);
    }
  return Int32Array.from(list);
}

/** The unknown pixels row after row, or column after column: the order whose band is narrower. */
function narrowestOrder(unknown: Uint8Array, width: number, height: number, stencils: Int32Array) {
  let best: { size: number; place: Int32Array; band: number } | null = null;
  for (const byColumn of [false, true]) {
    const order: number[] = [];
    const outer = byColumn ? width : height;
    const inner = byColumn ? height : width;
    for (let a = 0; a < outer; a++)
      for (let b = 0; b < inner; b++) {
        const i = byColumn ? b * width + a : a * width + b;
        if (unknown[i]) order.push(i);
      }
    const place = new Int32Array(unknown.length).fill(-1);
    order.forEach((i, k) => {
      place[i] = k;
    });
    let band = 0;
    for (let s = 0; s < stencils.length; s += 5) {
      let low = Number.POSITIVE_INFINITY;
      let high = -1;
      for (let t = 0; t < 5; t++) {
        const k = place[stencils[s + t] as number] as number;
        if (k < 0) continue;
        low = Math.min(low, k);
        high = Math.max(high, k);
      }
      if (high > low) band = Math.max(band, high - low);
    }
    if (!best || band < best.band) best = { size: order.length, place, band };
  }
  return best as { size: number; place: Int32Array; band: number };
}

/**
 * The thin-plate problem of the `unknown` pixels of a window `width` x `height`, factored; null
 * when its factor would hold more than `budget` numbers (a mark too large to fill so).
 * Unknown pixels on the window's outermost line are held as known (no whole stencil there).
 */
export function bendingFill(
  unknownMask: Uint8Array,
  width: number,
  height: number,
  budget: number,
): BendingFill | null {
  const unknown = unknownMask.map((set, i) => {
    const x = i % width;
    const y = (i - x) / width;
    return set && x > 0 && y > 0 && x < width - 1 && y < height - 1 ? 1 : 0;
  });
  const stencils = stencilsOf(unknown, width, height);
  const { size, place, band } = narrowestOrder(unknown, width, height, stencils);
  const stride = band + 1;
  if (size === 0 || size * stride > budget) return null;
  const factor = new Float64Array(size * stride);
  // The normal matrix (sum over stencils of the Laplacian row times itself), lower band.
  for (let s = 0; s < stencils.length; s += 5)
    for (let a = 0; a < 5; a++) {
      const ka = place[stencils[s + a] as number] as number;
      if (ka < 0) continue;
      for (let b = 0; b < 5; b++) {
        const kb = place[stencils[s + b] as number] as number;
        if (kb < 0 || kb > ka) continue;
        const at = ka * stride + kb - ka + band;
        factor[at] = (factor[at] as number) + (WEIGHTS[a] as number) * (WEIGHTS[b] as number);
      }
    }
  choleskyInPlace(factor, size, band);
  return { size, place, stencils, band, factor };
}

/** Overwrites a banded symmetric positive matrix (lower band) with its Cholesky factor. */
function choleskyInPlace(matrix: Float64Array, n: number, band: number): void {
  const stride = band + 1;
  for (let k = 0; k < n; k++) {
    const rowK = k * stride - k + band;
    const first = Math.max(0, k - band);
    for (let j = first; j <= k; j++) {
      const rowJ = j * stride - j + band;
      let sum = matrix[rowK + j] as number;
      const from = Math.max(first, j - band);
      for (let a = rowK + from, b = rowJ + from, end = rowK + j; a < end; a++, b++)
        sum -= (matrix[a] as number) * (matrix[b] as number);
      if (j === k) matrix[rowK + k] = Math.sqrt(Math.max(sum, 1e-12));
      else matrix[rowK + j] = sum / (matrix[rowJ + j] as number);
    }
  }
}

/**
 * The thin-plate fill of the problem's unknown pixels from the others of `values`, each at its
 * `place`.
 */
export function solveBending(values: ArrayLike<number>, fill: BendingFill): Float64Array {
  const { size: n, place, stencils, band, factor } = fill;
  const stride = band + 1;
  const x = new Float64Array(n);
  // The right-hand side: minus each stencil's row times its Laplacian of the known pixels.
  for (let s = 0; s < stencils.length; s += 5) {
    let known = 0;
    for (let t = 0; t < 5; t++) {
      const j = stencils[s + t] as number;
      if ((place[j] as number) < 0) known += (WEIGHTS[t] as number) * (values[j] as number);
    }
    if (known === 0) continue;
    for (let t = 0; t < 5; t++) {
      const k = place[stencils[s + t] as number] as number;
      if (k >= 0) x[k] = (x[k] as number) - (WEIGHTS[t] as number) * known;
    }
  }
  for (let k = 0; k < n; k++) {
    const row = k * stride - k + band;
    let sum = x[k] as number;
    for (let j = Math.max(0, k - band); j < k; j++)
      sum -= (factor[row + j] as number) * (x[j] as number);
    x[k] = sum / (factor[row + k] as number);
  }
  for (let k = n - 1; k >= 0; k--) {
    const row = k * stride - k + band;
    const value = (x[k] as number) / (factor[row + k] as number);
    x[k] = value;
    for (let j = Math.max(0, k - band); j < k; j++)
      x[j] = (x[j] as number) - (factor[row + j] as number) * value;
  }
  return x;
}

/** Numbers a factor may hold (8 bytes each): a mark about 170 x 130 pixels on its plane. */
export const BENDING_BUDGET = 8_000_000;
/** The hole is grown by this much for the solve: the unblended outline beside it is noisy. */
const GROWN = 2;
/**
 * Frames between solves; between them the fill follows the membrane fill's change. A blurred
 * flower held still scored the same solved every frame, every 4th or every 8th (25.04, 25.06,
 * 25.01 dB on seed unseen-23), but where the camera moves the fill drifts between solves: a
 * bee's opaque logo lost 2.57 dB to the mean's fill at 8 against 0.70 at 4 (seed unseen-64).
 * A solve of a mark 170 x 130 pixels takes about 30 ms.
 */
export const REFRESH = 4;

/**
 * A region's thin-plate fill of the `pixels` (in scan order) of a window's fill mask, solved
 * every REFRESH frames from the hole grown by GROWN; in the frames between, the last solution
 * moved by how much the membrane fill moved since. Null when the mark is too large for it.
 */
export function createBentFill(
  fill: Uint8Array,
  width: number,
  height: number,
  pixels: Int32Array,
): ((values: Float32Array) => Float32Array) | null {
  const problem = bendingFill(dilate(fill, width, height, GROWN), width, height, BENDING_BUDGET);
  if (!problem) return null;
  let frames = 0;
  let solution = new Float32Array(pixels.length);
  let membraneThen = new Float32Array(pixels.length);
  // `values` holds the membrane fill on `pixels` (see fillPlane).
  return (values) => {
    const membraneNow = Float32Array.from(pixels, (i) => values[i] as number);
    if (frames++ % REFRESH === 0) {
      const solved = solveBending(values, problem);
      solution = Float32Array.from(pixels, (i) => solved[problem.place[i] as number] as number);
      membraneThen = membraneNow;
      return solution.slice();
    }
    return solution.map(
      (value, k) => value + (membraneNow[k] as number) - (membraneThen[k] as number),
    );
  };
}
