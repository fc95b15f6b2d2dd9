/**
 * A hole's fill from the straight lines across it whose two ends agree. A fill from the whole
 * border (harmonic, or from the nearest pixels) mixes every side into every pixel: where a
 * boundary crosses the hole (a dark shirt against a white wall, the wall's side flat) the wall
 * comes out grey towards the shirt. The edge fill (edge-fill.ts) continues the boundary itself,
 * but only lines whose ends lie on an edge: the flat wall's lines, whose two ends agree and show
 * no edge, are not followed. Here every line through a pixel (the edge fill's, in half its
 * directions) counts by how well its two ends agree, pooled over the lines beside it, and by
 * how short it is: the lines that stay on the wall fill the wall, those that stay on the shirt
 * the shirt; over a flat picture every line agrees, over a gently changing one those across the
 * change, and the fill is a smooth one. Where no line agrees (grain, detail), the base fill
 * stays.
 *
 * Against the base fill alone, on the bench's marks (seeds bench, unseen-37 and unseen-53):
 * text over a webcam's wall and the dark shirt beside it 34.80 -> 40.50 dB and 34.76 -> 40.42;
 * opaque logos over webcams' rooms 24.04 -> 24.27, 24.96 -> 26.12 and 32.12 -> 41.02, over
 * dashcams 34.57 -> 35.91 and 28.94 -> 29.99 (a soft logo over one 44.57 -> 45.38); a street
 * 30.54 -> 30.24 and flower macros 0.2 dB down, every other case within 0.15 dB. A looser
 * agreement (sigma 10) or a lighter base (0.02) gained more on the webcams and lost up to
 * 0.8 dB on a bee's bokeh and the macro.
 */
import { addLine, type EdgeLines, endValue, lineMix, mixedFill, parallelMeans } from "./edge-fill";

/** How far a line's ends may disagree, pooled with the lines beside it (levels, a sigma). */
const AGREEMENT_SIGMA = 6;
/** Parallel lines each side whose disagreement is pooled with a line's own (7 across). */
const POOL = 3;
/**
 * The lines of every DIRECTION_STEP-th direction of the edge fill's are followed (32, 5.6
 * degrees apart): all 64 scored the same, within 0.07 dB, and took twice the time (an opaque
 * logo over a handheld 720p shot: 9.8 s without this fill, 12.0 with all 64, 10.3 with 32).
 */
const DIRECTION_STEP = 2;
/**
 * The base fill's weight, against the lines' (each weighs its agreement over its length in
 * pixels): over a flat surround the lines through a pixel weigh about half together, so the
 * base counts for a tenth; where they disagree, it takes over.
 */
const BASE_WEIGHT = 0.05;
/**
 * A line that weighs less than this adds nothing worth its pixels: against the base's weight
 * it moves a pixel by a two-hundredth of a level at most. Over an opaque logo on a butterfly
 * clip, 56% of the pixels the lines cross are on such lines (a dashcam's 49%, a bee's 15%).
 */
const LEAST_WEIGHT = 1e-6;

/**
 * The fill of each masked pixel (in the order of `lines.pixels`): `base` mixed with the lines
 * through it by their ends' agreement. `values` holds the window's pixels (the known ones are
 * read); without lines (a hole over MAX_HOLE), `base` itself.
 */
export function fillFromAgreeingLines(
  values: Float32Array,
  lines: EdgeLines,
  base: Float32Array,
): Float32Array {
  const { angle, length } = lines;
  const count = length.length;
  if (count === 0) return base;
  // Per followed line, its ends and how far they disagree (the others' are left at 0: a line
  // is pooled with its own direction's alone).
  const followed = (n: number) => (angle[n] as number) % DIRECTION_STEP === 0;
  const ends = new Float32Array(2 * count);
  const mismatch = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    if (!followed(n)) continue;
    const a = endValue(values, lines, 2 * n);
    const b = endValue(values, lines, 2 * n + 1);
    ends[2 * n] = a;
    ends[2 * n + 1] = b;
    mismatch[n] = (a - b) * (a - b);
  }
  const pooled = parallelMeans(lines, mismatch, POOL);
  const mix = lineMix(base.length);
  for (let n = 0; n < count; n++) {
    if (!followed(n)) continue;
    const agreement = Math.exp(-(pooled[n] as number) / (2 * AGREEMENT_SIGMA ** 2));
    const weight = agreement / Math.max(1, length[n] as number);
    if (weight < LEAST_WEIGHT) continue;
    addLine(mix, lines, n, weight, ends[2 * n] as number, ends[2 * n + 1] as number);
  }
  return mixedFill(base, mix, BASE_WEIGHT);
}
