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
 * ffmpeg #1 (and the first pass): every frame of the first video stream, as the readers of
 * the pipe expect them: raw yuv420p on stdout, each decoded frame once, at the size forced so
 * that every frame is exactly as large as they count on.
 */
export function decodeArgs(media: Media, inputPath: string): string[] {
  return [
    ...GLOBAL_ARGS,
    ...inputArgs(media, inputPath),
    "-map",
    "0:v:0",
    "-sn",
    "-dn",
    "-an",
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
