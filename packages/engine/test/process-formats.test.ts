import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Method } from "@wr/contracts";
import { probeMedia, processVideo } from "../src/index";
import { BEE, ffmpeg, LIMITS, scratchDir } from "./clips";
import { describeVideo } from "./video-compare";

const TIMEOUT = 120_000;
let dir: Awaited<ReturnType<typeof scratchDir>>;
let oddVp9: string;
let rotated: string;

beforeAll(async () => {
  dir = await scratchDir();
  oddVp9 = join(dir.path, "odd.mkv");
  rotated = join(dir.path, "rotated.mp4");
  await ffmpeg(
    ["-i", BEE, "-t", "1", "-vf", "scale=427:241", "-c:v", "libvpx-vp9"].concat([
      "-deadline",
      "realtime",
      "-cpu-used",
      "8",
      "-c:a",
      "libvorbis",
      oddVp9,
    ]),
  );
  await ffmpeg(["-i", BEE, "-t", "1", "-c", "copy", "-metadata:s:v:0", "rotate=90", rotated]);
}, TIMEOUT);
afterAll(() => dir.remove());

const RECTANGLES = [
  { x: 0, y: 0, width: 101, height: 51 },
  { x: 150, y: 150, width: 60, height: 41, startTime: 0.2 },
];

describe.each(["pixelate", "smartfill"] as const satisfies Method[])(
  "%s on other inputs",
  (method) => {
    test(
      "an odd-sized VP9 with Vorbis comes out one pixel smaller, as H.264 with AAC",
      async () => {
        const media = await probeMedia(oddVp9, LIMITS);
        expect(media).toMatchObject({
          container: "matroska",
          width: 427,
          height: 241,
          audioCodec: "vorbis",
        });
        const output = join(dir.path, `odd-${method}.mp4`);
        await processVideo({
          inputPath: oddVp9,
          outputPath: output,
          media,
          method,
          rectangles: RECTANGLES,
          timeoutMs: TIMEOUT,
        });
        const facts = await describeVideo(output);
        expect(facts).toMatchObject({
          width: 426,
          height: 240,
          videoCodec: "h264",
          audioCodec: "aac",
        });
        expect(Math.abs(facts.frames - media.frameCount)).toBeLessThanOrEqual(1);
      },
      TIMEOUT,
    );

    test(
      "a video with a 90° display rotation is measured and processed upright",
      async () => {
        const media = await probeMedia(rotated, LIMITS);
        expect(media).toMatchObject({ width: 720, height: 1280 });
        const output = join(dir.path, `rotated-${method}.mp4`);
        await processVideo({
          inputPath: rotated,
          outputPath: output,
          media,
          method,
          rectangles: RECTANGLES,
          timeoutMs: TIMEOUT,
        });
        const facts = await describeVideo(output);
        expect(facts).toMatchObject({ width: 720, height: 1280, audioCodec: "aac" });
        expect(Math.abs(facts.frames - media.frameCount)).toBeLessThanOrEqual(1);
      },
      TIMEOUT,
    );
  },
);
