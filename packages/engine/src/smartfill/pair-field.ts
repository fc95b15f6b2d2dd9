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
  const values = new Float64Array(width * height);
  const sweeps = options.sweeps ?? Math.min(MAX_SWEEPS, 2 * Math.max(width, height) + 100);
  const upper = options.upper ?? Number.POSITIVE_INFINITY;
  const omega = 1.9;
  const w = (field: "right" | "down", k: number) => (weight ? (weight[field][k] ?? 0) : 1);
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!unknown[i]) continue;
        let sum = 0;
        let total = 0;
        const add = (j: number, field: "right" | "down", k: number, sign: number) => {
          const pairWeight = w(field, k);
          if (pairWeight <= 0) return;
          sum += pairWeight * ((values[j] ?? 0) - sign * (target[field][k] ?? 0));
          total += pairWeight;
        };
        if (x + 1 < width) add(i + 1, "right", i, 1);
        if (x > 0) add(i - 1, "right", i - 1, -1);
        if (y + 1 < height) add(i + width, "down", i, 1);
        if (y > 0) add(i - width, "down", i - width, -1);
        if (total === 0) continue;
        const current = values[i] ?? 0;
        values[i] = Math.min(upper, current + omega * (sum / total - current));
      }
    }
  }
  return values;
}
