/**
 * Most marks are drawn at one or a few opacities (a logo or a caption exported at, say, 50%,
 * perhaps on a fainter plate), with only their anti-aliased or soft edges in between. Per-pixel
 * estimates of the gain are noisy where the picture beneath barely changes; this finds the
 * mark's opacity levels (1-D k-means on log gain) and moves each pixel that is near a level
 * onto it, leaving edge pixels between levels as they were.
 */
export function snapToDominantGain(gain: Float32Array, inside: Uint8Array): Float64Array {
  const values: number[] = [];
  let marked = 0;
  for (let i = 0; i < gain.length; i++) {
    if (!inside[i]) continue;
    values.push(Math.log(gain[i] ?? 1));
    if ((gain[i] ?? 1) > MARKED_GAIN) marked++;
  }
  const result = Float64Array.from(gain);
  if (marked < MIN_MARKED) return result;
  const levels = opacityLevels(values);
  for (let i = 0; i < result.length; i++) {
    if (!inside[i]) continue;
    const value = Math.log(result[i] ?? 1);
    let nearest = levels[0] ?? value;
    for (const level of levels)
      if (Math.abs(level - value) < Math.abs(nearest - value)) nearest = level;
    if (Math.abs(nearest - value) < SNAP_DISTANCE) result[i] = Math.exp(nearest);
  }
  return result;
}

/** Below this gain (opacity 0.2) a pixel is taken as not covered by the mark. */
export const MARKED_GAIN = 1.25;
/** Beyond this gain (opacity 0.8) the picture beneath is mostly noise: fill instead. */
export const FILL_GAIN = 5;
/**
 * Above this share of opaque pixels a region holds an opaque mark (found by standing still
 * while its surroundings move): its own pixels are filled, and its edge and what it spares of
 * the region kept, rather than the whole region filled from its border.
 */
export const OPAQUE_MARK = 0.5;
const MIN_MARKED = 16;
/** Levels closer than this (log gain) are one level. */
const MERGE_DISTANCE = 0.2;
/** The faintest opacity level told apart from no mark (log gain; opacity 0.25). */
const FAINTEST = Math.log(1 / 0.75);
/** Pixels within this (log gain) of a level take it. */
const SNAP_DISTANCE = 0.3;

/**
 * Centres of the log gains: "no mark" (0, held) and up to three opacity levels among the
 * rest (1-D k-means), neighbours merged weighted by how many values each holds.
 */
export function opacityLevels(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const above = sorted.filter((value) => value > Math.log(MARKED_GAIN));
  const quantile = (q: number) =>
    above[Math.min(above.length - 1, Math.floor(q * above.length))] ?? 0;
  let centres = [0, quantile(1 / 6), quantile(1 / 2), quantile(5 / 6)];
  let counts = centres.map(() => 0);
  for (let round = 0; round < 20; round++) {
    const sums = centres.map(() => 0);
    counts = centres.map(() => 0);
    for (const value of sorted) {
      let best = 0;
      for (let c = 1; c < centres.length; c++) {
        if (Math.abs((centres[c] ?? 0) - value) < Math.abs((centres[best] ?? 0) - value)) best = c;
      }
      sums[best] = (sums[best] ?? 0) + value;
      counts[best] = (counts[best] ?? 0) + 1;
    }
    centres = centres.map((centre, c) =>
      c > 0 && counts[c] ? (sums[c] ?? 0) / (counts[c] ?? 1) : centre,
    );
  }
  const levels = centres
    .map((centre, c) => ({ centre, count: counts[c] ?? 0 }))
    .sort((a, b) => a.centre - b.centre);
  const merged: { centre: number; count: number }[] = [];
  for (const next of levels) {
    const last = merged[merged.length - 1];
    const limit = last?.centre === 0 ? FAINTEST : MERGE_DISTANCE;
    if (!last || next.centre - last.centre >= limit) merged.push({ ...next });
    else if (last.centre !== 0 && last.count + next.count > 0) {
      const total = last.count + next.count;
      last.centre = (last.centre * last.count + next.centre * next.count) / total;
      last.count = total;
    }
  }
  return merged.map((level) => level.centre);
}
