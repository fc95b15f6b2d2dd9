import { type BlendStats, CHANGE_NOISE, changeEnergy, pixelMeans } from "./blend-stats";
import { type BlendCorrection, corrected } from "./mark-offset";
import type { PlaneWindow } from "./mark-window";

/**
 * Half-width (pixels) of the square around a kept pixel whose pixels outside the region say
 * how much an undamped pixel changes there.
 */
const REACH = 8;
/**
 * A kept pixel's gain more than this many times what its own change allows (see
 * `withoutSpiltGain`) is taken for spilt: the street drive's spared ring had gains of 1.6 to 5
 * where its change allowed 1.03; the butterfly's, 1.56 where it allowed 1.12, and was left.
 */
const SPILT = 1.5;
/**
 * Levels by which a kept pixel's correction may take its mean over the samples further from
 * the mean of the pixels outside the region near it than it was, before its gain is taken for
 * spilt (see `withoutSpiltGain`).
 */
const STRAYED = 3;

/**
 * The gain of the pixels an opaque mark spares, with what its damping spilt onto them taken
 * back. The transmission is integrated over the region (transmission.ts), so the opaque
 * pixels' near-zero transmission leaks onto their neighbours; inverted, those amplify the
 * picture's changes where nothing damped them. A pixel damped by 1 / g changes g^2 times less
 * than the picture around it: a kept pixel whose change, against that of the pixels outside
 * the region near it, allows a gain SPILT times smaller than its own gets the gain it allows
 * (at least 1). Its change alone does not tell a damped pixel from one over a plainer patch
 * of the picture, which changes less too: a kept pixel whose correction would take its mean
 * away from that of the pixels around it (by more than STRAYED) shows the picture as it is,
 * and gets no gain. A handheld flower shot's opaque logo had learnt gains of 1.85 over the wall
 * along its left edge, which the correction turned into dark specks (39 levels where the
 * picture shows 101), and the fill carried them into the hole as dotted trails; without them,
 * on the opaque logos, the bench seed's median stays 25.71 dB (a dashcam +0.06, the handheld
 * flower +0.01), unseen-37's goes 25.85 -> 25.91 (the handheld flower 24.82 -> 24.93),
 * unseen-53's 29.43 -> 29.57 (a bee 39.01 -> 39.23, a parking lot 28.80 -> 29.02). Null when
 * no gain changes.
 */
export function withoutSpiltGain(
  window: PlaneWindow,
  stats: BlendStats,
  kept: Uint8Array,
  learnt: BlendCorrection,
): Float64Array | null {
  const { width, height, inside } = window;
  const energy = changeEnergy(stats);
  const around = boxSums(width, height, (i) => (inside[i] ? 0 : (energy[i] ?? 0)));
  const count = boxSums(width, height, (i) => (inside[i] ? 0 : 1));
  const means = pixelMeans(stats);
  const meansAround = boxSums(width, height, (i) => (inside[i] ? 0 : (means[i] ?? 0)));
  const result = Float64Array.from(learnt.gain);
  let changed = false;
  for (let i = 0; i < result.length; i++) {
    const g = result[i] ?? 1;
    if (!kept[i] || g <= 1) continue;
    const outside = count[i] ?? 0;
    if (outside === 0) continue;
    const allowed = Math.sqrt(
      ((around[i] ?? 0) / outside + CHANGE_NOISE) / ((energy[i] ?? 0) + CHANGE_NOISE),
    );
    if (g > SPILT * allowed) {
      result[i] = Math.max(1, allowed);
      changed = true;
      continue;
    }
    const mean = means[i] ?? 0;
    const near = (meansAround[i] ?? 0) / outside;
    if (Math.abs(corrected(learnt, i, mean) - near) > Math.abs(mean - near) + STRAYED) {
      result[i] = 1;
      changed = true;
    }
  }
  return changed ? result : null;
}

/** Per pixel, the sum of `value` over the square of half-width REACH around it (clipped). */
function boxSums(width: number, height: number, value: (i: number) => number): Float64Array {
  const stride = width + 1;
  const table = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += value(y * width + x);
      table[(y + 1) * stride + x + 1] = (table[y * stride + x + 1] ?? 0) + row;
    }
  }
  const sums = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - REACH);
    const y1 = Math.min(height, y + REACH + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - REACH);
      const x1 = Math.min(width, x + REACH + 1);
      sums[y * width + x] =
        (table[y1 * stride + x1] ?? 0) -
        (table[y0 * stride + x1] ?? 0) -
        (table[y1 * stride + x0] ?? 0) +
        (table[y0 * stride + x0] ?? 0);
    }
  }
  return sums;
}
