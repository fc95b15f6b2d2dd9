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
  eachPair(width, height, (i, j, side) => {
    if (!unknown[i] && !unknown[j]) return;
    const si = scale ? (scale[i] ?? 1) : 1;
    const sj = scale ? (scale[j] ?? 1) : 1;
    for (let t = 0; t < samples.length; t++) {
      const sample = samples[t] as Uint8Array;
      differences[t] = sj * (sample[j] ?? 0) - si * (sample[i] ?? 0);
    }
    field[side][i] = medianOf(differences);
  });
  return field;
}

/** The pixels of the pairs whose median difference exceeds `step` levels (either way). */
export function pixelsOnSteps(field: PairField, step: number): Uint8Array {
  const { width, height } = field;
  const pixels = new Uint8Array(width * height);
  eachPair(width, height, (i, j, side) => {
    if (Math.abs(field[side][i] ?? 0) <= step) return;
    pixels[i] = 1;
    pixels[j] = 1;
  });
  return pixels;
}

/** Each pixel's median over the samples (images of one size). */
export function medianImage(samples: readonly Uint8Array[]): Float32Array {
  const values = new Float32Array(samples.length);
  return Float32Array.from(samples[0] ?? [], (_, i) => {
    samples.forEach((sample, k) => {
      values[k] = sample[i] as number;
    });
    return medianOf(values);
  });
}

/**
 * The median of the values (the mean of the middle two when their count is even), found by
 * selection rather than sorting; the values are reordered.
 */
export function medianOf(values: Float32Array): number {
  const count = values.length;
  if (count === 0) return 0;
  const middle = count >> 1;
  if (count % 2) return selectNth(values, middle);
  const below = selectNth(values, middle - 1);
  // Selection leaves every value after the (middle - 1)th at least as large: the next is their least.
  let above = Number.POSITIVE_INFINITY;
  for (let i = middle; i < count; i++) above = Math.min(above, values[i] as number);
  return (below + above) / 2;
}

/** The nth smallest value (from 0), by quickselect; leaves smaller values before it, larger after. */
function selectNth(values: Float32Array, n: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1] as number;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (n <= j) high = j;
    else if (n >= i) low = i;
    else break;
  }
  return values[n] as number;
}
