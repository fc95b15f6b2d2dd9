import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { MediaInfo, Method } from "@wr/contracts";
import { FfmpegError, probeMedia, processVideo } from "../src/index";
import { BEE, childMediaProcesses, LIMITS, scratchDir } from "./clips";
import { writeTextAsMp4 } from "./fixtures/hostile";

const TIMEOUT = 60_000;
const RECTANGLES = [{ x: 100, y: 80, width: 200, height: 120 }];
let dir: Awaited<ReturnType<typeof scratchDir>>;
let media: MediaInfo;

beforeAll(async () => {
  dir = await scratchDir();
  media = await probeMedia(BEE, LIMITS);
});
afterAll(() => dir.remove());
afterEach(() => {
  delete process.env.FFMPEG_PATH;
});

/** The output and the scratch files named after it (the spool, the kept frames, the records). */
const filesOf = (output: string) =>
  readdirSync(dirname(output)).filter((name) => name.startsWith(basename(output)));

async function failureOf(promise: Promise<void>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe.each(["black", "smartfill"] as const satisfies Method[])(
  "%s when things go wrong",
  (method) => {
    test(
      "a file that passed the probe but cannot be decoded ends in FfmpegError, output removed",
      async () => {
        const input = await writeTextAsMp4(dir.path);
        const output = join(dir.path, `${method}-broken.out`);
        const error = await failureOf(
          processVideo({
            inputPath: input,
            outputPath: output,
            media,
            method,
            rectangles: RECTANGLES,
            timeoutMs: TIMEOUT,
          }),
        );
        expect(error).toBeInstanceOf(FfmpegError);
        expect(error.message).toStartWith("Processing failed (ffmpeg exit");
        expect(error.message).toContain("<input>");
        expect(error.message).not.toContain(dir.path);
        expect(error.message.length).toBeLessThanOrEqual(500);
        expect((error as FfmpegError).stderrTail).toContain("Invalid data");
        expect(filesOf(output)).toEqual([]);
        expect(childMediaProcesses()).toEqual([]);
      },
      TIMEOUT,
    );

    test(
      "past the time limit ffmpeg is killed: FfmpegError, no process left",
      async () => {
        const output = join(dir.path, `${method}-slow.mp4`);
        const started = performance.now();
        const error = await failureOf(
          processVideo({
            inputPath: BEE,
            outputPath: output,
            media,
            method,
            rectangles: RECTANGLES,
            timeoutMs: 400,
          }),
        );
        expect(error).toBeInstanceOf(FfmpegError);
        expect(error.message).toStartWith("Processing took too long");
        expect(performance.now() - started).toBeLessThan(3000);
        expect(filesOf(output)).toEqual([]);
        expect(childMediaProcesses()).toEqual([]);
      },
      TIMEOUT,
    );

    test(
      "aborting kills ffmpeg and rejects with the abort reason",
      async () => {
        const controller = new AbortController();
        const reason = new Error("job cancelled");
        const output = join(dir.path, `${method}-aborted.mp4`);
        const error = await failureOf(
          processVideo({
            inputPath: BEE,
            outputPath: output,
            media,
            method,
            rectangles: RECTANGLES,
            timeoutMs: TIMEOUT,
            signal: controller.signal,
            onProgress: (percent) => {
              if (percent > 0) controller.abort(reason);
            },
          }),
        );
        expect(error).toBe(reason);
        expect(filesOf(output)).toEqual([]);
        expect(childMediaProcesses()).toEqual([]);
      },
      TIMEOUT,
    );

    test("a missing ffmpeg binary is an FfmpegError, not a crash", async () => {
      process.env.FFMPEG_PATH = join(dir.path, "no-such-ffmpeg");
      const error = await failureOf(
        processVideo({
          inputPath: BEE,
          outputPath: join(dir.path, `${method}-nobinary.mp4`),
          media,
          method,
          rectangles: RECTANGLES,
          timeoutMs: TIMEOUT,
        }),
      );
      expect(error).toBeInstanceOf(FfmpegError);
    });
  },
);

test("an already aborted signal starts nothing", async () => {
  const controller = new AbortController();
  controller.abort();
  const error = await failureOf(
    processVideo({
      inputPath: BEE,
      outputPath: join(dir.path, "never.mp4"),
      media,
      method: "blur",
      rectangles: RECTANGLES,
      timeoutMs: TIMEOUT,
      signal: controller.signal,
    }),
  );
  expect(error.name).toBe("AbortError");
});
