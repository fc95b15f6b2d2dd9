import type { MediaInfo } from "@wr/contracts";
import { GLOBAL_ARGS, inputArgs } from "../ffmpeg/args";
import { formatPixels } from "../ffmpeg/format-number";
import { readRawFrames } from "../ffmpeg/read-raw-frames";
import { type YuvLayout, yuv420Layout } from "../smartfill/yuv-layout";

/** At most this many frames are looked at, whatever the video's length: memory stays bounded. */
export const MAX_SAMPLES = 120;
/** Samples per second on short videos: a partial mark's start and end land within 1/16 s. */
const MAX_RATE = 8;
/** B-frames are skipped when fewer than one frame in this many is sampled. */
const SKIP_B_FRAMES_BELOW = 4;
/** The longer side of the frames detection works on; smaller videos keep their size. */
const WORK_SIDE = 640;

export type Sampling = {
  /** Working size, even, at most WORK_SIDE on the longer side. */
  layout: YuvLayout;
  /** Video pixels per working pixel, on each axis. */
  scaleX: number;
  scaleY: number;
  /** Samples per second. */
  rate: number;
};

export type Samples = Sampling & { frames: Uint8Array[]; times: number[] };

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

export function planSampling(media: Pick<MediaInfo, "width" | "height" | "duration" | "fps">) {
  const shrink = Math.min(1, WORK_SIDE / Math.max(media.width, media.height));
  const width = even(media.width * shrink);
  const height = even(media.height * shrink);
  const duration = Math.max(media.duration, 1 / Math.max(media.fps, 1));
  const rate = Math.min(MAX_RATE, media.fps > 0 ? media.fps : MAX_RATE, MAX_SAMPLES / duration);
  return {
    layout: yuv420Layout(width, height),
    scaleX: media.width / width,
    scaleY: media.height / height,
    rate,
  };
}

/** The first video stream, `rate` frames a second, shrunk to the working size, raw yuv420p. */
export function sampleArgs(media: MediaInfo, inputPath: string, sampling: Sampling): string[] {
  const { width, height } = sampling.layout;
  const size = `${formatPixels(width)}:${formatPixels(height)}`;
  // Where most frames are passed over anyway, frames nothing refers to (B-frames) are not
  // decoded at all: the samples land at most a frame or two from their time, at about half
  // the decoding work.
  const skip = sampling.rate * SKIP_B_FRAMES_BELOW <= media.fps ? ["-skip_frame", "bidir"] : [];
  return [
    ...GLOBAL_ARGS,
    ...skip,
    ...inputArgs(media, inputPath),
    "-map",
    "0:v:0",
    "-an",
    "-sn",
    "-dn",
    "-vf",
    `fps=${sampling.rate.toFixed(4)},scale=${size}:flags=area`,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "yuv420p",
    "pipe:1",
  ];
}

/** Frames spread evenly over the video, with the second each was taken at. */
export async function sampleFrames(
  media: MediaInfo,
  inputPath: string,
  signal: AbortSignal,
): Promise<Samples> {
  const sampling = planSampling(media);
  const frames: Uint8Array[] = [];
  const times: number[] = [];
  await readRawFrames({
    args: sampleArgs(media, inputPath, sampling),
    frameSize: sampling.layout.frameSize,
    signal,
    paths: { input: inputPath },
    onFrame(frame, index) {
      if (frames.length >= MAX_SAMPLES) return;
      frames.push(frame);
      times.push(index / sampling.rate);
    },
  });
  return { ...sampling, frames, times };
}
