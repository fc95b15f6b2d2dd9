import type { MediaInfo } from "@wr/contracts";
import { audioArgs, encodeArgs, formatFrameRate, GLOBAL_ARGS, inputArgs } from "../ffmpeg/args";
import { formatPixels } from "../ffmpeg/format-number";
import { evenSizeCrop } from "../filters/even-size";

type Media = Pick<
  MediaInfo,
  "container" | "width" | "height" | "frameRate" | "hasAudio" | "audioCodec"
>;

function frameSizeArg(media: Media): string {
  return `${formatPixels(media.width)}x${formatPixels(media.height)}`;
}

/**
 * ffmpeg #1: the first video stream as raw yuv420p frames on stdout, every frame once. The size
 * is forced so each frame is exactly as large as the reader expects.
 */
export function decodeArgs(media: Media, inputPath: string): string[] {
  return [
    ...GLOBAL_ARGS,
    ...inputArgs(media, inputPath),
    "-map",
    "0:v:0",
    "-sn",
    "-dn",
    "-s",
    frameSizeArg(media),
    "-fps_mode",
    "passthrough",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "yuv420p",
    "pipe:1",
  ];
}

/**
 * The analysis pass: every `step`-th frame of the first video stream as raw yuv420p, so the
 * mark can be learnt from frames spread over the whole video.
 */
export function sampleArgs(media: Media, inputPath: string, step: number): string[] {
  const every = Math.max(1, Math.floor(step));
  return [
    ...GLOBAL_ARGS,
    ...inputArgs(media, inputPath),
    "-map",
    "0:v:0",
    "-sn",
    "-dn",
    "-an",
    ...(every > 1 ? ["-vf", `select=not(mod(n\\,${every}))`] : []),
    "-s",
    frameSizeArg(media),
    "-fps_mode",
    "passthrough",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "yuv420p",
    "pipe:1",
  ];
}

/**
 * ffmpeg #2: raw frames from stdin at the source's frame rate, audio from the original file
 * (opened only when it has audio we keep), the same output settings as the filter methods.
 */
export function encodeFromPipeArgs(media: Media, inputPath: string, outputPath: string): string[] {
  const crop = evenSizeCrop(media);
  const audioInput = media.hasAudio ? inputArgs(media, inputPath) : [];
  return [
    ...GLOBAL_ARGS,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "yuv420p",
    "-s",
    frameSizeArg(media),
    "-r",
    formatFrameRate(media.frameRate),
    "-i",
    "pipe:0",
    ...audioInput,
    "-map",
    "0:v:0",
    ...(crop ? ["-vf", crop] : []),
    ...audioArgs(media, 1),
    ...encodeArgs(outputPath),
  ];
}
