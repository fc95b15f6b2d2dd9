/**
 * Values on the pairs of neighbouring pixels of a window grid: `right[i]` belongs to the pair
 * (i, i + 1), `down[i]` to (i, i + width). Pairs that leave the grid are never read.
 */
export type PairField = { width: number; height: number; right: Float64Array; down: Float64Array };

export function createPairField(width: number, height: number): PairField {
  const size = width * height;
  return { width, height, right: new Float64Array(size), down: new Float64Array(size) };
}

/** Visits each pair (i, j) of neighbours, right then below, with the field's index of the pair. */
export function eachPair(
  width: number,
  height: number,
  visit: (i: number, j: number, field: "right" | "down") => void,
): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (x + 1 < width) visit(i, i + 1, "right");
      if (y + 1 < height) visit(i, i + width, "down");
    }
  }
}

/** Sweeps at most: the low frequencies of a large window converge slowest and matter least. */
const MAX_SWEEPS = 500;

export type IntegrateOptions = {
  /** Successive over-relaxation sweeps; enough for the window's size when left out. */
  sweeps?: number;
  /** Largest value a pixel may take (log transmission stays <= 0). */
  upper?: number;
};

/**
 * The relaxation's coefficients per pixel, from the pairs around it: the share of each
 * neighbour (west, east, north, south) in its weighted mean, and the targets' pull on it.
 * Pixels that are known or tied to nothing have no share at all and are never moved.
 */
type PairSystem = {
  /** The pixels that move, in scan order. */
  moving: Int32Array;
  west: Float64Array;
  east: Float64Array;
  north: Float64Array;
  south: Float64Array;
  pull: Float64Array;
};

function pairSystem(unknown: Uint8Array, target: PairField, weight: PairField | null): PairSystem {
  const { width, height } = target;
  const size = width * height;
  const system = {
    west: new Float64Array(size),
    east: new Float64Array(size),
    north: new Float64Array(size),
    south: new Float64Array(size),
    pull: new Float64Array(size),
  };
  const { west, east, north, south, pull } = system;
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
      const total = e + w + s + n;
      if (total === 0) continue;
      moving.push(i);
      east[i] = e / total;
      west[i] = w / total;
      south[i] = s / total;
      north[i] = n / total;
      pull[i] =
        ((e ? -e * (target.right[i] ?? 0) : 0) +
          (w ? w * (target.right[i - 1] ?? 0) : 0) +
          (s ? -s * (target.down[i] ?? 0) : 0) +
          (n ? n * (target.down[i - width] ?? 0) : 0)) /
        total;
    }
  }
  return { ...system, moving: Int32Array.from(moving) };
}

/**
 * Finds v on the `unknown` pixels (0 elsewhere) so that v[j] - v[i] follows `target` on each
 * pair, in the weighted least-squares sense: a Poisson equation with the known pixels as its
 * boundary, solved by successive over-relaxation. Pairs of weight 0 tie nothing together.
 */
export function integratePairs(
  unknown: Uint8Array,
  target: PairField,
  weight: PairField | null = null,
  options: IntegrateOptions = {},
): Float64Array {
  const { width, height } = target;
  const system = pairSystem(unknown, target, weight);
  const { moving, west, east, north, south, pull } = system;
  const sweeps = options.sweeps ?? Math.min(MAX_SWEEPS, 2 * Math.max(width, height) + 100);
  const upper = options.upper ?? Number.POSITIVE_INFINITY;
  const omega = 1.9;
  // The pixels sit one row into a padded array, so every neighbour's index is in it.
  const padded = new Float64Array(width * height + 2 * width + 2);
  const at = width + 1;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let m = 0; m < moving.length; m++) {
      const i = moving[m] as number;
      const p = i + at;
      const current = padded[p] as number;
      const mean =
        (west[i] as number) * (padded[p - 1] as number) +
        (east[i] as number) * (padded[p + 1] as number) +
        (north[i] as number) * (padded[p - width] as number) +
        (south[i] as number) * (padded[p + width] as number) +
        (pull[i] as number);
      padded[p] = Math.min(upper, current + omega * (mean - current));
    }
  }
  return padded.slice(at, at + width * height);
}
