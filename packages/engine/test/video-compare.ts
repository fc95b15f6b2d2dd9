/**
 * Test helpers for judging processed videos against a reference: decode luma frames one at a
 * time (never the whole video), mask areas, and compute masked PSNR and mean absolute error.
 */
import { spawn } from "node:child_process";
import { ffmpegPath, ffprobePath } from "../src/binaries";
import { readFrames } from "../src/ffmpeg/read-frames";

export type Area = { x: number; y: number; width: number; height: number };
export type FrameSize = { width: number; height: number };

/** Yields each frame's 8-bit luma plane (width*height bytes, as stored), in decode order. */
export async function* decodeLumaFrames(path: string, size: FrameSize): AsyncGenerator<Uint8Array> {
  const ffmpeg = spawn(
    ffmpegPath(),
    ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough"]
      // The Y plane's own values (16 is black in limited range), not converted to full range.
      .concat(["-vf", "format=yuv420p,extractplanes=y", "-f", "rawvideo", "-pix_fmt", "gray"])
      .concat(["pipe:1"]),
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  const exited = new Promise<number | null>((resolve) => ffmpeg.once("close", resolve));
  try {
    yield* readFrames(ffmpeg.stdout, size.width * size.height);
    const code = await exited;
    if (code !== 0) throw new Error(`decoding ${path} failed with exit ${code}`);
  } finally {
    ffmpeg.kill("SIGKILL");
    await exited;
  }
}

/** 1 where a pixel counts: inside `include` (everything when absent) and outside `exclude`. */
export function mask(size: FrameSize, areas: { include?: Area[]; exclude?: Area[] }): Uint8Array {
  const result = new Uint8Array(size.width * size.height);
  if (areas.include) for (const area of areas.include) paint(result, size, area, 1);
  else result.fill(1);
  for (const area of areas.exclude ?? []) paint(result, size, area, 0);
  return result;
}

function paint(target: Uint8Array, size: FrameSize, area: Area, value: number): void {
  for (let y = area.y; y < area.y + area.height; y++) {
    target.fill(value, y * size.width + area.x, y * size.width + area.x + area.width);
  }
}

/** Running sums of a masked comparison; add frames, then read psnr/mae. */
export class Difference {
  squared = 0;
  absolute = 0;
  sumB = 0;
  count = 0;

  add(a: Uint8Array, b: Uint8Array, where: Uint8Array): void {
    for (let i = 0; i < where.length; i++) {
      if (where[i] === 0) continue;
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      this.squared += d * d;
      this.absolute += Math.abs(d);
      this.sumB += b[i] ?? 0;
      this.count++;
    }
  }

  get mae(): number {
    return this.count === 0 ? 0 : this.absolute / this.count;
  }

  /** Mean value of the second video's samples: what it shows there. */
  get meanB(): number {
    return this.count === 0 ? 0 : this.sumB / this.count;
  }

  get psnr(): number {
    return psnr(this.count === 0 ? 0 : this.squared / this.count);
  }
}

/** PSNR in dB of 8-bit samples from their mean squared error (Infinity when identical). */
export function psnr(mse: number): number {
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}

/** Mean of the masked samples of one frame. */
export function maskedMean(frame: Uint8Array, where: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < where.length; i++) {
    if (where[i] === 0) continue;
    sum += frame[i] ?? 0;
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

export type Comparison = {
  frames: number;
  framesA: number;
  framesB: number;
  psnr: number;
  mae: number;
  meanB: number;
};

/**
 * Compares two videos frame by frame under named masks (a mask function may return null to
 * skip a frame), decoding both in step. Extra frames of the longer one are counted, not compared.
 */
export async function compareLuma<K extends string>(
  pathA: string,
  pathB: string,
  size: FrameSize,
  masks: Record<K, (frameIndex: number) => Uint8Array | null>,
): Promise<Record<K, Comparison>> {
  const keys = Object.keys(masks) as K[];
  const diffs = new Map(keys.map((key) => [key, new Difference()]));
  const a = decodeLumaFrames(pathA, size);
  const b = decodeLumaFrames(pathB, size);
  let framesA = 0;
  let framesB = 0;
  let compared = 0;
  try {
    while (true) {
      const [nextA, nextB] = await Promise.all([a.next(), b.next()]);
      if (!nextA.done) framesA++;
      if (!nextB.done) framesB++;
      if (nextA.done || nextB.done) {
        framesA += await drain(a, nextA.done);
        framesB += await drain(b, nextB.done);
        break;
      }
      for (const key of keys) {
        const where = masks[key](compared);
        if (where) diffs.get(key)?.add(nextA.value, nextB.value, where);
      }
      compared++;
    }
  } finally {
    await a.return(undefined);
    await b.return(undefined);
  }
  const result = {} as Record<K, Comparison>;
  for (const key of keys) {
    const diff = diffs.get(key) ?? new Difference();
    result[key] = {
      frames: compared,
      framesA,
      framesB,
      psnr: diff.psnr,
      mae: diff.mae,
      meanB: diff.meanB,
    };
  }
  return result;
}

async function drain(
  frames: AsyncGenerator<Uint8Array>,
  done: boolean | undefined,
): Promise<number> {
  if (done) return 0;
  let count = 0;
  for await (const _ of frames) count++;
  return count;
}

export type VideoFacts = {
  width: number;
  height: number;
  frames: number;
  avgFps: number;
  duration: number;
  videoCodec: string;
  audioCodec: string | null;
};

/** What ffprobe says of a finished video, with frames counted by decoding. */
export async function describeVideo(path: string): Promise<VideoFacts> {
  const args = [
    "-v",
    "error",
    "-count_frames",
    "-show_format",
    "-show_streams",
    "-of",
    "json",
    path,
  ];
  const ffprobe = Bun.spawn([ffprobePath(), ...args], { stdout: "pipe", stderr: "ignore" });
  const [text, code] = await Promise.all([new Response(ffprobe.stdout).text(), ffprobe.exited]);
  if (code !== 0) throw new Error(`ffprobe ${path} failed with exit ${code}`);
  const json = JSON.parse(text) as {
    format: { duration: string };
    streams: Array<Record<string, string | number | undefined>>;
  };
  const video = json.streams.find((s) => s.codec_type === "video");
  const audio = json.streams.find((s) => s.codec_type === "audio");
  if (!video) throw new Error(`${path} has no video stream`);
  const [num, den] = String(video.avg_frame_rate).split("/").map(Number);
  return {
    width: Number(video.width),
    height: Number(video.height),
    frames: Number(video.nb_read_frames),
    avgFps: (num ?? 0) / (den || 1),
    duration: Number(json.format.duration),
    videoCodec: String(video.codec_name),
    audioCodec: audio ? String(audio.codec_name) : null,
  };
}
