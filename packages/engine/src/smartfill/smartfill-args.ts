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
 * The first video stream's frames as the readers of the pipe expect them: raw yuv420p on
 * stdout, each decoded frame once (after `select`, when given), at the size forced so that
 * every frame is exactly as large as they count on.
 */
function rawFramesArgs(media: Media, inputPath: string, select: string[] = []): string[] {
  return [
    ...GLOBAL_ARGS,
    ...inputArgs(media, inputPath),
    "-map",
    "0:v:0",
    "-sn",
    "-dn",
    "-an",
    ...select,
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

/** ffmpeg #1: every frame of the first video stream, raw on stdout. */
export function decodeArgs(media: Media, inputPath: string): string[] {
  return rawFramesArgs(media, inputPath);
}

/**
 * The analysis pass: every `step`-th frame of the first video stream, raw like the decoder's,
 * so the mark can be learnt from frames spread over the whole video.
 */
export function sampleArgs(media: Media, inputPath: string, step: number): string[] {
  const every = Math.max(1, Math.floor(step));
  const select = every > 1 ? ["-vf", `select=not(mod(n\\,${every}))`] : [];
  return rawFramesArgs(media, inputPath, select);
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
