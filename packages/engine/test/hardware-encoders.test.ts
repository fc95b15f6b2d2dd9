import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { encoderLadder } from "../src/hardware/encoder-profiles";
import { trialArgs, trialEncode } from "../src/hardware/trial-encode";
import { filterMethodArgs } from "../src/methods/filter-method-args";
import { processVideoReporting } from "../src/process-video";
import { toRegions } from "../src/regions";
import { BEE, BEE_MEDIA, scratchDir } from "./clips";
import { describeVideo } from "./video-compare";

const words = (line: string) => line.trim().split(/\s+/);
/** A render node no machine has: VAAPI on it fails whatever the hardware. */
const NO_DEVICE = "/nonexistent/renderD128";
const AREA = [{ x: 100, y: 80, width: 200, height: 120 }];

describe("hardware encoder arguments", () => {
  const job = (rung: Parameters<typeof filterMethodArgs>[0]["rung"]) =>
    filterMethodArgs({
      method: "black",
      media: BEE_MEDIA,
      regions: toRegions(AREA, BEE_MEDIA),
      inputPath: "/in/upload.mp4",
      outputPath: "/out/result.tmp",
      rung,
    }).join(" ");

  test("NVENC: CUDA decode before the input, constant quality 18 with no bitrate cap", () => {
    const args = job({ encoder: "h264_nvenc", hardwareDecode: true });
    expect(args).toStartWith(
      "-hide_banner -nostdin -v error -hwaccel cuda -protocol_whitelist file",
    );
    expect(args).toContain(
      "-c:v h264_nvenc -preset p5 -tune hq -rc vbr -cq 18 -b:v 0 -pix_fmt yuv420p",
    );
    expect(args).not.toContain("libx264");
    expect(job({ encoder: "h264_nvenc", hardwareDecode: false })).not.toContain("-hwaccel");
  });

  test("VAAPI: opens the render node, uploads the filtered frames, constant QP 18", () => {
    const args = job({
      encoder: "h264_vaapi",
      device: "/dev/dri/renderD129",
      hardwareDecode: true,
    });
    expect(args).toContain(
      "-vaapi_device /dev/dri/renderD129 -hwaccel vaapi -hwaccel_device /dev/dri/renderD129 -protocol_whitelist",
    );
    expect(args).toContain("[vout];[vout]format=nv12,hwupload[vdev] -map [vdev]");
    expect(args).toContain("-c:v h264_vaapi -rc_mode CQP -qp 18 -fps_mode");
  });

  test("the ladder: hardware with hardware decode, hardware alone, then libx264", () => {
    expect(encoderLadder({ encoder: "h264_vaapi", device: NO_DEVICE })).toEqual([
      { encoder: "h264_vaapi", device: NO_DEVICE, hardwareDecode: true },
      { encoder: "h264_vaapi", device: NO_DEVICE, hardwareDecode: false },
      { encoder: "libx264", hardwareDecode: false },
    ]);
    expect(encoderLadder({ encoder: "libx264" })).toEqual([
      { encoder: "libx264", hardwareDecode: false },
    ]);
  });

  test("a trial encodes one second of a synthetic picture into nothing", () => {
    expect(trialArgs({ encoder: "libx264" })).toEqual(
      words(`-hide_banner -nostdin -v error -f lavfi -i testsrc2=size=640x360:rate=30:duration=1
        -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -f null -`),
    );
  });
});

describe("trial and fallback on the real ffmpeg", () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;
  beforeAll(async () => {
    scratch = await scratchDir();
  });
  afterAll(() => scratch?.remove());

  test("a trial passes for libx264 and fails, saying why, for VAAPI without its device", async () => {
    expect(await trialEncode({ encoder: "libx264" })).toMatchObject({ ok: true, error: null });
    const vaapi = await trialEncode({ encoder: "h264_vaapi", device: NO_DEVICE });
    expect(vaapi.ok).toBe(false);
    expect(vaapi.error).toContain(NO_DEVICE);
  });

  test("a hardware encoder that fails mid-job falls back to libx264 for that job", async () => {
    const outputPath = join(scratch.path, "fallback.mp4");
    const seen: number[] = [];
    const result = await processVideoReporting({
      inputPath: BEE,
      outputPath,
      media: BEE_MEDIA,
      method: "black",
      rectangles: AREA,
      timeoutMs: 60_000,
      encoder: { encoder: "h264_vaapi", device: NO_DEVICE },
      onProgress: (percent) => seen.push(percent),
    });
    expect(result.videoEncoder).toBe("libx264");
    expect(result.fallbacks).toHaveLength(2);
    expect(result.fallbacks[0]).toStartWith("h264_vaapi with hardware decode failed:");
    expect(result.fallbacks[1]).toStartWith("h264_vaapi failed:");
    const facts = await describeVideo(outputPath);
    expect(facts).toMatchObject({ width: 1280, height: 720, videoCodec: "h264", frames: 121 });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(existsSync(outputPath)).toBe(true);
  }, 60_000);
});
