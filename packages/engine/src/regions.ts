import type { Rectangle } from "@wr/contracts";

/** A rectangle checked against the frame, with its time range made explicit (end null = open). */
export type Region = {
  x: number;
  y: number;
  width: number;
  height: number;
  start: number;
  end: number | null;
};

export type FrameSize = { width: number; height: number };

/**
 * Rectangles arrive validated by the API; this re-checks what the filter strings and the pixel
 * loops rely on, so a caller's mistake fails loudly instead of reaching ffmpeg.
 */
export function toRegions(rectangles: readonly Rectangle[], frame: FrameSize): Region[] {
  return rectangles.map((rectangle, index) => toRegion(rectangle, frame, index));
}

function toRegion(r: Rectangle, frame: FrameSize, index: number): Region {
  const integers = [r.x, r.y, r.width, r.height].every(Number.isSafeInteger);
  const inside =
    r.x >= 0 &&
    r.y >= 0 &&
    r.width > 0 &&
    r.height > 0 &&
    r.x + r.width <= frame.width &&
    r.y + r.height <= frame.height;
  if (!integers || !inside) {
    throw new RangeError(
      `Rectangle ${index + 1} is not inside the ${frame.width}x${frame.height} frame`,
    );
  }
  const start = r.startTime ?? 0;
  const end = r.endTime ?? null;
  if (!Number.isFinite(start) || start < 0 || (end !== null && !(end > start))) {
    throw new RangeError(`Rectangle ${index + 1} has an invalid time range`);
  }
  return { x: r.x, y: r.y, width: r.width, height: r.height, start, end };
}
