/**
 * Comparing a window's pixels with another image of it once the change of light is taken out:
 * the light shifts the whole window alike, so it is measured on the margin, around the region.
 */
import type { PlaneWindow } from "./mark-window";
/** Mean of `now - before` over the window's margin (outside the region): the change of light. */
export function marginShift(
  window: PlaneWindow,
  now: ArrayLike<number>,
  before: ArrayLike<number>,
): number {
  let sum = 0;
  let count = 0;
  window.inside.forEach((set, i) => {
    if (set) return;
    sum += (now[i] as number) - (before[i] as number);
    count++;
  });
  return count === 0 ? 0 : sum / count;
}

/** Mean absolute and squared differences of `now` from `before` inside the region, less `shift`. */
export function insideError(
  window: PlaneWindow,
  now: ArrayLike<number>,
  before: ArrayLike<number>,
  shift: number,
) {
  let absolute = 0;
  let squared = 0;
  let count = 0;
  for (let i = 0; i < window.inside.length; i++) {
    if (!window.inside[i]) continue;
    const difference = (now[i] as number) - (before[i] as number) - shift;
    absolute += Math.abs(difference);
    squared += difference * difference;
    count++;
  }
  const none = Number.POSITIVE_INFINITY;
  return count === 0
    ? { absolute: none, squared: none }
    : { absolute: absolute / count, squared: squared / count };
}

/** Mean of `now - before` over the window's margin, and the mean absolute rest there. */
export function lightChange(
  window: PlaneWindow,
  now: ArrayLike<number>,
  before: ArrayLike<number>,
) {
  const shift = marginShift(window, now, before);
  let mismatch = 0;
  let count = 0;
  for (let i = 0; i < window.inside.length; i++) {
    if (window.inside[i]) continue;
    mismatch += Math.abs((now[i] as number) - (before[i] as number) - shift);
    count++;
  }
  return { shift, mismatch: count === 0 ? Number.POSITIVE_INFINITY : mismatch / count };
}
