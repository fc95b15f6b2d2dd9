import type { Border, Corners, Side } from "./border";

export type SmoothingOptions = {
  /** Weight of the new frame's value in the moving average (1 = no smoothing). */
  weight: number;
  /** A change larger than this follows at once: real motion or a cut, not noise. */
  snap: number;
};

export const DEFAULT_SMOOTHING: SmoothingOptions = { weight: 0.5, snap: 16 };

/**
 * Exponential moving average of border values across frames, so a fill built from them does
 * not flicker with each frame's noise. Returns the border to fill with, which is also the
 * `previous` of the next frame.
 */
export function smoothBorder(
  previous: Border | null,
  current: Border,
  options: SmoothingOptions,
): Border {
  if (!previous) return current;
  const value = (before: number | null, now: number | null) =>
    before === null || now === null ? now : smoothValue(before, now, options);
  const corners = (key: keyof Corners) => value(previous.corners[key], current.corners[key]);
  return {
    top: smoothSide(previous.top, current.top, options),
    bottom: smoothSide(previous.bottom, current.bottom, options),
    left: smoothSide(previous.left, current.left, options),
    right: smoothSide(previous.right, current.right, options),
    corners: {
      topLeft: corners("topLeft"),
      topRight: corners("topRight"),
      bottomLeft: corners("bottomLeft"),
      bottomRight: corners("bottomRight"),
    },
  };
}

function smoothSide(
  previous: Side | null,
  current: Side | null,
  options: SmoothingOptions,
): Side | null {
  if (!previous || !current || previous.values.length !== current.values.length) return current;
  const values = new Float32Array(current.values.length);
  for (let i = 0; i < values.length; i++) {
    const now = current.values[i] ?? 0;
    values[i] = smoothValue(previous.values[i] ?? now, now, options);
  }
  return { values, distance: current.distance };
}

function smoothValue(before: number, now: number, options: SmoothingOptions): number {
  const change = now - before;
  return Math.abs(change) > options.snap ? now : before + options.weight * change;
}
