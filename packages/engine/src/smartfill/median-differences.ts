import { createPairField, eachPair, type PairField } from "./pair-field";

/**
 * Per pair of neighbours touching the region, the median over the samples of the difference
 * of their values, each first scaled by its pixel's `scale`: scale[j] I[j] - scale[i] I[i].
 * Beneath a static mark the picture moves, so its own differences change from frame to frame
 * and their median is near zero, while the mark's stay put: with scale 1 this is the mark's
 * outline; with scale 1 / transmission it is the outline of what is left to take away.
 */
export function medianDifferences(
  width: number,
  height: number,
  unknown: Uint8Array,
  samples: readonly Uint8Array[],
  scale: Float64Array | null = null,
): PairField {
  const field = createPairField(width, height);
  const differences = new Float32Array(samples.length);
  const middle = samples.length >> 1;
  eachPair(width, height, (i, j, side) => {
    if (!unknown[i] && !unknown[j]) return;
    const si = scale ? (scale[i] ?? 1) : 1;
    const sj = scale ? (scale[j] ?? 1) : 1;
    for (let t = 0; t < samples.length; t++) {
      const sample = samples[t] as Uint8Array;
      differences[t] = sj * (sample[j] ?? 0) - si * (sample[i] ?? 0);
    }
    differences.sort();
    field[side][i] =
      samples.length % 2
        ? (differences[middle] ?? 0)
        : ((differences[middle - 1] ?? 0) + (differences[middle] ?? 0)) / 2;
  });
  return field;
}
