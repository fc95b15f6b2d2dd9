import type { MediaInfo } from "@wr/contracts";
import { canCopyAudioIntoMp4 } from "../codecs";
import { codecArgs, type EncoderChoice, SOFTWARE_RUNG } from "../hardware/encoder-profiles";
import { isDemuxer } from "../probe/sniff-container";
import { formatPixels } from "./format-number";

/** Quiet, non-interactive: only errors reach stderr, where the ring keeps the last lines. */
export const GLOBAL_ARGS = ["-hide_banner", "-nostdin", "-v", "error"] as const;

/** Progress as key=value blocks on stdout instead of the status line on stderr. */
export const PROGRESS_ARGS = ["-progress", "pipe:1", "-nostats"] as const;

/** Opens an upload only with the demuxer its bytes named and only through the file protocol. */
export function inputArgs(media: Pick<MediaInfo, "container">, path: string): string[] {
  if (!isDemuxer(media.container))
    throw new RangeError(`Not an allowed container: ${media.container}`);
  return ["-protocol_whitelist", "file", "-f", media.container, "-i", path];
}

/** The first audio stream of input `input`, copied when MP4 takes it, else AAC; or none. */
export function audioArgs(
  media: Pick<MediaInfo, "hasAudio" | "audioCodec">,
  input: number,
): string[] {
  if (!media.hasAudio || media.audioCodec === null) return ["-an"];
  const codec = canCopyAudioIntoMp4(media.audioCodec) ? ["copy"] : ["aac", "-b:a", "192k"];
  return ["-map", `${formatPixels(input)}:a:0?`, "-c:a", ...codec];
}

/**
 * H.264 CRF 18 (or the hardware encoder's equivalent) in MP4, every frame kept with its
 * timestamp, nothing but the mapped streams. The muxer is named because the caller may write to
 * a temporary name without .mp4.
 */
export function encodeArgs(outputPath: string, encoder: EncoderChoice = SOFTWARE_RUNG): string[] {
  return [
    "-sn",
    "-dn",
    "-map_metadata",
    "-1",
    ...codecArgs(encoder),
    "-fps_mode",
    "passthrough",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    "-y",
    outputPath,
  ];
}

/** A frame rate as ffprobe wrote it ("30000/1001"), refused when it is anything else. */
export function formatFrameRate(rate: string): string {
  if (!/^[1-9]\d{0,9}\/[1-9]\d{0,9}$/.test(rate)) throw new RangeError(`Not a frame rate: ${rate}`);
  return rate;
}
