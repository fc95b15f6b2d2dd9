import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { METHODS, type MediaInfo } from "@wr/contracts";
import { probeMedia } from "@wr/engine";
import {
  describeVideo,
  LIMITS,
  makeReference,
  measureRemoval,
  SCENARIO_CLIP,
  SCENARIO_RECTANGLES,
  scratchDir,
} from "@wr/engine/testing";
import { postJson, uploadedName } from "./client";
import { type Mode, type RunningServer, startServer } from "./server-process";

const TIMEOUT = 180_000;

/**
 * The whole product path over real HTTP, for every method: upload the 720p clip, remove two
 * areas (one limited in time), download the result and measure it against a plain transcode.
 */
export function definePipelineSuite(mode: Mode) {
  let server: RunningServer;
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  let reference: string;
  let media: MediaInfo;

  beforeAll(async () => {
    scratch = await scratchDir();
    reference = join(scratch.path, "reference.mp4");
    [server] = await Promise.all([
      startServer(mode),
      makeReference(SCENARIO_CLIP, reference),
      probeMedia(SCENARIO_CLIP, LIMITS).then((info) => {
        media = info;
      }),
    ]);
  }, TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    await scratch?.remove();
  });

  describe.each(METHODS)(`${mode.database} + ${mode.queue}: %s`, (method) => {
    test(
      "upload, process, download: same size, frames, fps, duration and audio; untouched outside the areas",
      async () => {
        const filename = await uploadedName(server.url, SCENARIO_CLIP);
        const processed = await postJson(server.url, "/api/process", {
          filename,
          method,
          rectangles: SCENARIO_RECTANGLES,
        });
        expect(processed.status).toBe(200);
        expect(processed.body.success).toBe(true);

        const download = await fetch(`${server.url}/api/download/${processed.body.filename}`);
        expect(download.status).toBe(200);
        const output = join(scratch.path, `${method}.mp4`);
        await writeFile(output, new Uint8Array(await download.arrayBuffer()));

        const facts = await describeVideo(output);
        expect(facts).toMatchObject({
          width: 1280,
          height: 720,
          videoCodec: "h264",
          audioCodec: "aac",
        });
        expect(Math.abs(facts.frames - media.frameCount)).toBeLessThanOrEqual(1);
        expect(facts.avgFps).toBeCloseTo(media.fps, 2);
        expect(Math.abs(facts.duration - media.duration)).toBeLessThanOrEqual(0.1);

        const measured = await measureRemoval(reference, output, media, method);
        expect(measured.untouched.psnr).toBeGreaterThanOrEqual(40);
        if (method === "black") {
          expect(measured.insideA.meanB).toBeLessThanOrEqual(20);
          expect(measured.insideBActive.meanB).toBeLessThanOrEqual(20);
        } else {
          expect(measured.insideA.psnr).toBeLessThan(measured.untouched.psnr - 6);
        }
        // The upload is deleted as soon as its processing ends.
        expect(await readdir(join(server.dataDir, "uploads"))).toEqual([]);
      },
      TIMEOUT,
    );
  });
}
