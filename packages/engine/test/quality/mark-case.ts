/**
 * One quality case: a clean clip, a mark of known shape and opacity composited onto it, each
 * method run on the marked video through the engine, each output measured against the clean
 * clip re-encoded with the engine's settings. Shared by the quality tests and the benchmark.
 */
import { rm } from "node:fs/promises";
import { basename, join } from "node:path";
import type { MediaInfo, Method, Rectangle } from "@wr/contracts";
import { probeMedia, processVideo } from "../../src/index";
import { LIMITS } from "../clips";
import { compositeMarks, encodePlain, runFfmpeg, timed } from "./ffmpeg";
import { type MarkBox, type MarkKind, type MarkPlan, planMark, sparedPixels } from "./marks";
import { measureQuality, type Quality } from "./metrics";
import { createRng, seedFrom } from "./prng";

const TIMEOUT_MS = 10 * 60_000;

/** "none" is the marked video re-encoded plainly: the score of doing nothing. */
export type CaseMethod = "none" | Extract<Method, "delogo" | "smartfill">;

export type PreparedClip = { name: string; path: string; media: MediaInfo; reference: string };

export type CaseResult = Quality & { method: CaseMethod; seconds: number };

/** The clip (its first `frames` frames when given) and its plain re-encode. */
export async function prepareClip(
  clip: string,
  dir: string,
  frames?: number,
): Promise<PreparedClip> {
  const name = basename(clip, ".mp4");
  let path = clip;
  if (frames !== undefined) {
    path = join(dir, `${name}-first-${frames}.mp4`);
    await runFfmpeg(
      ["-i", clip, "-map", "0:v:0", "-frames:v", String(frames), "-an"].concat([
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-crf",
        "12",
        "-pix_fmt",
        "yuv420p",
        path,
      ]),
    );
  }
  const media = await probeMedia(path, { ...LIMITS, timeoutMs: 30_000 });
  const reference = join(dir, `${name}-reference.mp4`);
  await encodePlain(path, reference);
  return { name, path, media, reference };
}

export function planFor(
  clip: Pick<PreparedClip, "name" | "media">,
  kind: MarkKind,
  seed: string,
): MarkPlan {
  const { width, height, frameCount, fps } = clip.media;
  const shape = { width, height, frames: frameCount, fps };
  return planMark(kind, shape, createRng(seedFrom(`${seed}/${clip.name}/${kind}`)));
}

function rectangles(boxes: MarkBox[], method: Method): Rectangle[] {
  return boxes.map((box) => {
    const rectangle: Rectangle = { x: box.x, y: box.y, width: box.width, height: box.height };
    // delogo honours time ranges; smartfill works on the whole video.
    if (method === "delogo") {
      if (box.startTime !== undefined) rectangle.startTime = box.startTime;
      if (box.endTime !== undefined) rectangle.endTime = box.endTime;
    }
    return rectangle;
  });
}

/**
 * Composites the plan's mark, runs each method, measures each output; cleans up after. Inside is
 * measured over `measured`, the plan's boxes unless given: copies of them over fewer frames
 * measure only those frames.
 */
export async function runMarkCase(
  clip: PreparedClip,
  plan: MarkPlan,
  dir: string,
  methods: readonly CaseMethod[],
  measured: MarkBox[] = plan.boxes,
): Promise<CaseResult[]> {
  const marked = join(dir, `${clip.name}-${plan.kind}-marked.mp4`);
  await compositeMarks(clip.path, plan, dir, marked);
  const size = { width: clip.media.width, height: clip.media.height };
  const spared = sparedPixels(plan, size);
  const results: CaseResult[] = [];
  try {
    for (const method of methods) {
      const output = join(dir, `${clip.name}-${plan.kind}-${method}.mp4`);
      const seconds = await timed(() =>
        method === "none"
          ? encodePlain(marked, output)
          : processVideo({
              inputPath: marked,
              outputPath: output,
              media: clip.media,
              method,
              rectangles: rectangles(plan.boxes, method),
              timeoutMs: TIMEOUT_MS,
            }),
      );
      const quality = await measureQuality(output, clip.reference, size, measured, spared);
      results.push({ ...quality, method, seconds });
      await rm(output, { force: true });
    }
  } finally {
    await rm(marked, { force: true });
  }
  return results;
}
