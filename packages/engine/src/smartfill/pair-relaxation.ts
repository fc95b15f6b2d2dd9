import type { PairField } from "./pair-field";

/**
 * What integrating a pair field asks: values on the `unknown` pixels (0 elsewhere) whose
 * differences v[j] - v[i] follow `target` on each pair, in the least-squares sense weighted by
 * `weight` (1 everywhere when null). Pairs of weight 0 tie nothing together.
 */
export type PairProblem = { unknown: Uint8Array; target: PairField; weight: PairField | null };

/**
 * The problem's Poisson equation, per pixel: v[i] = the weighted mean of its neighbours plus
 * `pull[i]` (what the targets ask), with `west`..`south` each neighbour's share of the mean and
 * `total` the weights summed. Pixels that are known or tied to nothing never move (they stay 0).
 * Values live in padded arrays (see `paddedValues`) so that no neighbour's index leaves them.
 */
export type PairSystem = {
  width: number;
  height: number;
  /** The pixels that move, in scan order. */
  moving: Int32Array;
  west: Float64Array;
  east: Float64Array;
  north: Float64Array;
  south: Float64Array;
  total: Float64Array;
  pull: Float64Array;
};

/** Where pixel 0 sits in a padded array of values: one row and one pixel in. */
export const paddingOf = (system: { width: number }) => system.width + 1;

/** An array of values for the system's grid, padded (pixel i at i + paddingOf), all 0. */
export function paddedValues(system: { width: number; height: number }): Float64Array {
  return new Float64Array(system.width * system.height + 2 * paddingOf(system));
}

export function pairSystem({ unknown, target, weight }: PairProblem): PairSystem {
  const { width, height } = target;
  const size = width * height;
  const system = {
    width,
    height,
    west: new Float64Array(size),
    east: new Float64Array(size),
    north: new Float64Array(size),
    south: new Float64Array(size),
    total: new Float64Array(size),
    pull: new Float64Array(size),
  };
  const { west, east, north, south, total, pull } = system;
  const pairWeight = (field: Float64Array | undefined, k: number) =>
    field ? Math.max(0, field[k] ?? 0) : 1;
  const moving: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!unknown[i]) continue;
      const e = x + 1 < width ? pairWeight(weight?.right, i) : 0;
      const w = x > 0 ? pairWeight(weight?.right, i - 1) : 0;
      const s = y + 1 < height ? pairWeight(weight?.down, i) : 0;
      const n = y > 0 ? pairWeight(weight?.down, i - width) : 0;
      const sum = e + w + s + n;
      if (sum === 0) continue;
      moving.push(i);
      east[i] = e / sum;
      west[i] = w / sum;
      south[i] = s / sum;
      north[i] = n / sum;
      total[i] = sum;
      pull[i] =
        ((e ? -e * (target.right[i] ?? 0) : 0) +
          (w ? w * (target.right[i - 1] ?? 0) : 0) +
          (s ? -s * (target.down[i] ?? 0) : 0) +
          (n ? n * (target.down[i - width] ?? 0) : 0)) /
        sum;
    }
  }
  return { ...system, moving: Int32Array.from(moving) };
}

/** What pixel i's equation asks it to be: its neighbours' weighted mean plus its pull. */
export function equationMean(
  system: PairSystem,
  values: Float64Array,
  pull: Float64Array,
  i: number,
): number {
  const { width, west, east, north, south } = system;
  const p = i + paddingOf(system);
  return (
    (west[i] as number) * (values[p - 1] as number) +
    (east[i] as number) * (values[p + 1] as number) +
    (north[i] as number) * (values[p - width] as number) +
    (south[i] as number) * (values[p + width] as number) +
    (pull[i] as number)
  );
}

/**
 * One sweep of successive over-relaxation (Gauss-Seidel when omega is 1) on the padded
 * `values`, with `pull` as the equation's right-hand side; each pixel is held at most `upper`
 * (projected relaxation, which converges to the bounded least-squares answer). Returns the
 * largest change of a pixel.
 */
export function sweepPairs(
  system: PairSystem,
  values: Float64Array,
  pull: Float64Array,
  upper: number,
  omega: number,
): number {
  const { moving } = system;
  const at = paddingOf(system);
  let change = 0;
  for (let m = 0; m < moving.length; m++) {
    const i = moving[m] as number;
    const current = values[i + at] as number;
    const mean = equationMean(system, values, pull, i);
    const next = Math.min(upper, current + omega * (mean - current));
    values[i + at] = next;
    change = Math.max(change, Math.abs(next - current));
  }
  return change;
}

/**
 * What is left of the equation at each moving pixel, weighted by its total weight (so that
 * residuals of a block add up): total * (mean of neighbours + pull - value).
 */
export function pairResidual(
  system: PairSystem,
  values: Float64Array,
  pull: Float64Array,
): Float64Array {
  const { moving, total } = system;
  const at = paddingOf(system);
  const residual = new Float64Array(system.width * system.height);
  for (let m = 0; m < moving.length; m++) {
    const i = moving[m] as number;
    const mean = equationMean(system, values, pull, i);
    residual[i] = (total[i] as number) * (mean - (values[i + at] as number));
  }
  return residual;
}

/**
 * The over-relaxation factor for a grid of this size: the one that converges fastest for the
 * Poisson equation on such a rectangle (from the Jacobi iteration's spectral radius), but at
 * most 1.9, which does better on uneven weights and a bound.
 */
export function bestOmega(width: number, height: number): number {
  const jacobi = (Math.cos(Math.PI / (width + 1)) + Math.cos(Math.PI / (height + 1))) / 2;
  return Math.min(1.9, 2 / (1 + Math.sqrt(1 - jacobi * jacobi)));
}
