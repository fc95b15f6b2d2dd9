/**
 * The standard removal scenario the pipeline is proven on: the 720p clip, area A for the whole
 * video and area B limited to [1 s, 2.5 s]; and how an output is measured against a plain
 * CRF-18 transcode of the input.
 */
import type { MediaInfo, Method, Rectangle } from "@wr/contracts";
import { BEE, ffmpeg } from "./clips";
import { type Area, type Comparison, compareLuma, mask } from "./video-compare";

export const SCENARIO_CLIP = BEE;
export const SCENARIO_SIZE = { width: 1280, height: 720 };
export const AREA_A: Area = { x: 100, y: 80, width: 200, height: 120 };
export const AREA_B: Area = { x: 900, y: 500, width: 240, height: 140 };
export const B_TIME = { startTime: 1, endTime: 2.5 };
export const SCENARIO_RECTANGLES: Rectangle[] = [AREA_A, { ...AREA_B, ...B_TIME }];

export type RemovalMeasure = Record<"untouched" | "insideA" | "insideBActive", Comparison>;

/** The plain transcode outputs are compared with: same encoder settings, nothing removed. */
export async function makeReference(input: string, output: string): Promise<void> {
  await ffmpeg([
    "-i",
    input,
    "-map",
    "0:v:0",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "18",
    "-pix_fmt",
    "yuv420p",
    "-fps_mode",
    "passthrough",
    output,
  ]);
}

/** Frame i's time relative to B's range, with one frame of slack at each end. */
function bTiming(frame: number, fps: number): "outside" | "inside" | "edge" {
  const t = frame / fps;
  const slack = 1.01 / fps;
  if (t < B_TIME.startTime - slack || t > B_TIME.endTime + slack) return "outside";
  if (t > B_TIME.startTime + slack && t < B_TIME.endTime - slack) return "inside";
  return "edge";
}

const outsideBoth = mask(SCENARIO_SIZE, { exclude: [AREA_A, AREA_B] });
const outsideA = mask(SCENARIO_SIZE, { exclude: [AREA_A] });
const insideA = mask(SCENARIO_SIZE, { include: [AREA_A] });
const insideB = mask(SCENARIO_SIZE, { include: [AREA_B] });

/**
 * untouched: outside the areas, and inside B while B is not active (for methods that honour
 * time); insideA; insideBActive: inside B while it is active.
 */
export function measureRemoval(
  reference: string,
  output: string,
  media: MediaInfo,
  method: Method,
): Promise<RemovalMeasure> {
  const timed = method !== "smartfill";
  return compareLuma(reference, output, SCENARIO_SIZE, {
    untouched: (i) => (timed && bTiming(i, media.fps) === "outside" ? outsideA : outsideBoth),
    insideA: () => insideA,
    insideBActive: (i) => (bTiming(i, media.fps) === "inside" ? insideB : null),
  });
}
