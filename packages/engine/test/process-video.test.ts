import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { MediaInfo, Method } from "@wr/contracts";
import { probeMedia, processVideo } from "../src/index";
import { BEE, childMediaProcesses, LIMITS, scratchDir } from "./clips";
import {
  makeReference,
  measureRemoval,
  type RemovalMeasure,
  SCENARIO_RECTANGLES,
} from "./removal-check";
import { describeVideo } from "./video-compare";

const TIMEOUT = 120_000;

let dir: Awaited<ReturnType<typeof scratchDir>>;
let media: MediaInfo;
let reference: string;

beforeAll(async () => {
  dir = await scratchDir();
  media = await probeMedia(BEE, LIMITS);
  reference = join(dir.path, "reference.mp4");
  await makeReference(BEE, reference);
}, TIMEOUT);

afterAll(() => dir.remove());

const results = new Map<Method, RemovalMeasure>();

/** Past any first pass (smartfill's learning and fill passes end at 60%), frames are written. */
const WRITING = 65;

async function run(method: Method) {
  const output = join(dir.path, `${method}.mp4`);
  const progress: number[] = [];
  let whileWriting: string[] | null = null;
  await processVideo({
    inputPath: BEE,
    outputPath: output,
    media,
    method,
    rectangles: SCENARIO_RECTANGLES,
    timeoutMs: TIMEOUT,
    onProgress: (percent) => {
      progress.push(percent);
      if (percent >= WRITING && !whileWriting) whileWriting = childMediaProcesses();
    },
  });
  const facts = await describeVideo(output);
  const measured = await measureRemoval(reference, output, media, method);
  results.set(method, measured);
  const leftOver = readdirSync(dir.path).filter((name) => !name.endsWith(".mp4"));
  return { facts, progress, measured, whileWriting, leftOver };
}

describe.each(["black", "delogo", "blur", "pixelate", "smartfill"] as const)(
  "%s on a real clip",
  (method) => {
    test(
      "keeps size, frames, frame rate, duration and audio; changes nothing outside the areas",
      async () => {
        const { facts, progress, measured, whileWriting, leftOver } = await run(method);
        expect(facts.width).toBe(1280);
        expect(facts.height).toBe(720);
        expect(facts.videoCodec).toBe("h264");
        expect(Math.abs(facts.frames - media.frameCount)).toBeLessThanOrEqual(1);
        expect(facts.avgFps).toBeCloseTo(media.fps, 2);
        expect(Math.abs(facts.duration - media.duration)).toBeLessThanOrEqual(0.1);
        expect(facts.audioCodec).toBe("aac");
        expect(progress.at(-1)).toBe(100);
        expect(progress).toEqual([...progress].sort((a, b) => a - b));
        expect(measured.untouched.framesB).toBe(facts.frames);
        expect(measured.untouched.psnr).toBeGreaterThanOrEqual(40);
        // One ffmpeg at work as the frames are written: smartfill reads back the frames its
        // first pass decoded rather than decoding them again. Its scratch files are gone.
        expect(whileWriting).toHaveLength(1);
        expect(leftOver).toEqual([]);
      },
      TIMEOUT,
    );
  },
);

describe("what each method does inside the areas", () => {
  const get = (method: Method) => {
    const measured = results.get(method);
    if (!measured) throw new Error(`${method} did not run`);
    return measured;
  };

  test("black paints area A black", () => {
    expect(get("black").insideA.meanB).toBeLessThanOrEqual(20);
    expect(get("black").insideBActive.meanB).toBeLessThanOrEqual(20);
  });

  // Re-encoding alone leaves ~45 dB; a changed area is far below what the untouched part gets.
  test.each(["delogo", "blur", "pixelate", "smartfill"] as const)(
    "%s changes area A and timed area B",
    (method) => {
      const { untouched, insideA: a, insideBActive: b } = get(method);
      expect(a.psnr).toBeLessThan(untouched.psnr - 6);
      expect(b.psnr).toBeLessThan(untouched.psnr - 6);
    },
  );

  test("smartfill is much closer to the real picture than a black box", () => {
    expect(get("smartfill").insideA.mae).toBeLessThan(0.5 * get("black").insideA.mae);
  });
});
