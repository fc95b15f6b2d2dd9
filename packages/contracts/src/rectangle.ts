import { z } from "zod";

const pixels = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of pixels` })
    .int(`${name} must be a whole number of pixels`);

/** A marked area in video pixels; times in seconds, an absent endTime means "to the end". */
export const rectangleSchema = z.object({
  x: pixels("x"),
  y: pixels("y"),
  width: pixels("width"),
  height: pixels("height"),
  startTime: z.number({ error: "startTime must be a number of seconds" }).optional(),
  endTime: z.number({ error: "endTime must be a number of seconds" }).nullable().optional(),
});

export type Rectangle = z.infer<typeof rectangleSchema>;

export const MAX_RECTANGLES = 20;
export const MIN_RECTANGLE_SIDE = 4;

export type VideoBounds = { width: number; height: number; duration: number };

/**
 * Checks rectangles against the video they will be applied to.
 * Returns a sentence naming the first wrong rectangle and why, or null when all are fine.
 */
export function findRectangleProblem(rectangles: Rectangle[], video: VideoBounds): string | null {
  if (rectangles.length === 0) return "Mark at least one area to remove";
  if (rectangles.length > MAX_RECTANGLES)
    return `At most ${MAX_RECTANGLES} areas can be removed at once`;
  for (const [index, r] of rectangles.entries()) {
    const problem = rectangleProblem(r, video);
    if (problem) return `Area ${index + 1}: ${problem}`;
  }
  return null;
}

function rectangleProblem(r: Rectangle, video: VideoBounds): string | null {
  if (r.width < MIN_RECTANGLE_SIDE || r.height < MIN_RECTANGLE_SIDE) {
    return `width and height must be at least ${MIN_RECTANGLE_SIDE} pixels (got ${r.width}x${r.height})`;
  }
  if (r.x < 0 || r.y < 0) return `x and y must not be negative (got ${r.x}, ${r.y})`;
  if (r.x + r.width > video.width || r.y + r.height > video.height) {
    return `it reaches outside the ${video.width}x${video.height} frame (x ${r.x} + width ${r.width}, y ${r.y} + height ${r.height})`;
  }
  const start = r.startTime ?? 0;
  if (start < 0) return `start time must not be negative (got ${start})`;
  if (start >= video.duration) {
    return `start time ${start}s is not before the end of the ${round(video.duration)}s video`;
  }
  if (r.endTime != null && r.endTime <= start) {
    return `end time ${r.endTime}s must be after start time ${start}s`;
  }
  return null;
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
