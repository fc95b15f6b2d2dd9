import type { PixelBox } from "./pixel-boxes";
import type { PlaneStats } from "./plane-stats";

/**
 * A sample shows the mark when its gradient in the box matches this share of the mean's. A
 * semi-transparent mark over a picture as bright as itself keeps little of its edges, so the bar
 * is low: a mark left showing is worse than a few seconds too many.
 */
const PRESENT = 0.3;
/**
 * Pixels this close to the box's side are left out: there a mark meets the picture, and that
 * edge turns with the picture's brightness, while the mark's own drawing does not.
 */
const INSET = 2;
/** The inner drawing is used when it holds at least this share of the whole box's. */
const INNER_SHARE = 0.25;

/**
 * For each sample, whether the mark is there: its gradient in the box, projected on the mean
 * gradient of the frames where the mark was found, against that mean's own length. A mark that
 * is there projects near 1 (the picture beneath adds noise), an absent one near 0.
 */
export function presenceOf(
  box: PixelBox,
  template: PlaneStats,
  frames: readonly Uint8Array[],
): boolean[] {
  const inner = drawing(template, inset(box));
  const whole = drawing(template, box);
  // A plain translucent box is drawn by its border alone.
  const { points, norm } = inner.norm >= INNER_SHARE * whole.norm ? inner : whole;
  const { width } = template;
  const present = frames.map((frame) => {
    let dot = 0;
    for (let k = 0; k < points.length; k += 3) {
      const i = points[k] as number;
      const dx = (frame[i + 1] as number) - (frame[i - 1] as number);
      const dy = (frame[i + width] as number) - (frame[i - width] as number);
      dot += dx * (points[k + 1] as number) + dy * (points[k + 2] as number);
    }
    return norm > 0 && dot / norm >= PRESENT;
  });
  // One sample disagreeing with both neighbours is noise.
  return present.map((here, i) => {
    const before = present[i - 1];
    const after = present[i + 1];
    return before !== undefined && after !== undefined && before === after ? before : here;
  });
}

function inset(box: PixelBox): PixelBox {
  const by = Math.min(INSET, Math.floor((box.x1 - box.x0) / 4), Math.floor((box.y1 - box.y0) / 4));
  return { x0: box.x0 + by, y0: box.y0 + by, x1: box.x1 - by, y1: box.y1 - by, count: box.count };
}

/** The mean gradient over the box: (pixel, x, y) triples, and its squared length. */
function drawing(template: PlaneStats, box: PixelBox) {
  const { width } = template;
  const n = Math.max(1, template.count);
  const points: number[] = [];
  let norm = 0;
  for (let y = Math.max(1, box.y0); y < Math.min(template.height - 1, box.y1); y++) {
    for (let x = Math.max(1, box.x0); x < Math.min(width - 1, box.x1); x++) {
      const i = y * width + x;
      const mx = (template.gx[i] as number) / n;
      const my = (template.gy[i] as number) / n;
      norm += mx * mx + my * my;
      points.push(i, mx, my);
    }
  }
  return { points, norm };
}

/**
 * The seconds the mark shows, from the first sample that shows it to the last; each end halfway
 * to the neighbouring sample that does not, or the video's own start or end. Null when no sample
 * shows it.
 */
export function shownBetween(
  present: readonly boolean[],
  times: readonly number[],
  duration: number,
): { startTime: number; endTime: number } | null {
  const first = present.indexOf(true);
  const last = present.lastIndexOf(true);
  if (first < 0) return null;
  const at = (i: number) => times[i] as number;
  const startTime = first === 0 ? 0 : (at(first - 1) + at(first)) / 2;
  const endTime = last === present.length - 1 ? duration : (at(last) + at(last + 1)) / 2;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { startTime: round(startTime), endTime: round(Math.min(duration, endTime)) };
}
