/**
 * Detection against marks of known place and timing: a mark composited onto a clip, the
 * detector run on it, and each true mark matched with the suggestion that overlaps it best.
 * Shared by the detection tests and the benchmark.
 */
import { basename, join } from "node:path";
import type { DetectedArea, MediaInfo } from "@wr/contracts";
import { detectWatermarks, probeMedia } from "../../src/index";
import { LIMITS } from "../clips";
import { compositeMarks, timed } from "./ffmpeg";
import { planFor } from "./mark-case";
import { intersectionOverUnion, type MarkKind, type TrueMark, trueMarks } from "./marks";

const TIMEOUT_MS = 5 * 60_000;

export type Detection = { areas: DetectedArea[]; seconds: number; media: MediaInfo };

/** One true mark and the suggestion closest to it: overlap and the worse of its two time ends. */
export type MarkMatch = { mark: TrueMark; iou: number; timeError: number };

export async function detectIn(path: string): Promise<Detection> {
  const media = await probeMedia(path, { ...LIMITS, timeoutMs: 30_000 });
  let areas: DetectedArea[] = [];
  const seconds = await timed(async () => {
    areas = await detectWatermarks({ inputPath: path, media, timeoutMs: TIMEOUT_MS });
  });
  return { areas, seconds, media };
}

/** Burns a seeded mark of `kind` into the clip, into `dir`: footage with a known answer. */
export async function burnMark(clip: string, kind: MarkKind, seed: string, dir: string) {
  const media = await probeMedia(clip, { ...LIMITS, timeoutMs: 30_000 });
  const name = basename(clip, ".mp4");
  const plan = planFor({ name, media }, kind, seed);
  const path = join(dir, `${name}-${kind}-marked.mp4`);
  await compositeMarks(clip, plan, dir, path);
  return { path, marks: trueMarks(plan) };
}

/** Burns a mark into the clip, then detects; the marked file stays in `dir`. */
export async function detectMark(clip: string, kind: MarkKind, seed: string, dir: string) {
  const { path, marks } = await burnMark(clip, kind, seed, dir);
  return { ...(await detectIn(path)), marks, path };
}

export function matchMarks(areas: DetectedArea[], marks: TrueMark[], duration: number) {
  const matches: MarkMatch[] = marks.map((mark) => {
    const scored = areas.map((area) => ({ area, iou: intersectionOverUnion(area, mark) }));
    const best = scored.sort((a, b) => b.iou - a.iou)[0];
    if (!best) return { mark, iou: 0, timeError: Number.POSITIVE_INFINITY };
    const endTime = mark.endTime ?? duration;
    const timeError = Math.max(
      Math.abs(best.area.startTime - mark.startTime),
      Math.abs(best.area.endTime - endTime),
    );
    return { mark, iou: best.iou, timeError };
  });
  const unmatched = areas.filter((area) =>
    marks.every((mark) => intersectionOverUnion(area, mark) < 0.3),
  );
  return { matches, unmatched };
}
