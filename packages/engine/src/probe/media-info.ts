import type { MediaInfo } from "@wr/contracts";
import { MESSAGES } from "@wr/contracts";
import { ALLOWED_AUDIO_CODECS, ALLOWED_VIDEO_CODECS } from "../codecs";
import { describeDuration, describeFps } from "../describe";
import { MediaRejectedError } from "../errors";
import type { Demuxer } from "./sniff-container";

export type ProbeLimits = {
  maxDimension: number;
  maxDurationS: number;
  maxFps: number;
  timeoutMs: number;
};

type Stream = Record<string, unknown>;

/**
 * Turns ffprobe's `-show_format -show_streams -of json` output into MediaInfo, or throws
 * MediaRejectedError naming the first reason we will not process the file.
 */
export function mediaInfoFromProbe(
  probe: unknown,
  container: Demuxer,
  limits: Omit<ProbeLimits, "timeoutMs">,
): MediaInfo {
  const root = asRecord(probe);
  const streams = Array.isArray(root.streams) ? root.streams.map(asRecord) : [];
  const video = streams.find((s) => s.codec_type === "video");
  if (!video) throw new MediaRejectedError("This file has no video track");
  const videoCodec = allowedVideoCodec(video);
  const { width, height } = allowedSize(video, limits.maxDimension);
  const rate = allowedRate(video, limits.maxFps);
  const duration = allowedDuration(asRecord(root.format), video, limits.maxDurationS);
  const frameCount =
    positiveInteger(video.nb_frames) ?? Math.max(1, Math.round(duration * rate.fps));
  const audio = streams.find((s) => s.codec_type === "audio");
  const audioCodec = audio ? codecName(audio) : null;
  const keptAudio = audioCodec !== null && ALLOWED_AUDIO_CODECS.has(audioCodec) ? audioCodec : null;
  return {
    container,
    width,
    height,
    duration,
    fps: rate.fps,
    frameRate: rate.fraction,
    frameCount,
    videoCodec,
    hasAudio: keptAudio !== null,
    audioCodec: keptAudio,
  };
}

function allowedVideoCodec(video: Stream): string {
  const codec = codecName(video);
  if (ALLOWED_VIDEO_CODECS.has(codec)) return codec;
  throw new MediaRejectedError(
    `The video codec "${codec}" is not supported: we process H.264, HEVC, VP8, VP9, AV1 and MPEG-4 video`,
  );
}

function allowedSize(video: Stream, maxDimension: number): { width: number; height: number } {
  const { width, height } = displaySize(video);
  if (width <= 0 || height <= 0) {
    throw new MediaRejectedError("The size of this video's picture could not be read");
  }
  if (width > maxDimension || height > maxDimension) {
    throw new MediaRejectedError(
      `The video is ${width}x${height}: the largest we process is ${maxDimension} pixels per side`,
    );
  }
  return { width, height };
}

function allowedRate(video: Stream, maxFps: number): Rate {
  const rate = frameRate(video);
  if (!rate) throw new MediaRejectedError("The frame rate of this video could not be read");
  if (rate.fps > maxFps) {
    throw new MediaRejectedError(
      `The video has ${describeFps(rate.fps)} frames per second: the most we process is ${maxFps}`,
    );
  }
  return rate;
}

/** The container's duration, else the video stream's. */
function allowedDuration(format: Stream, video: Stream, maxDurationS: number): number {
  const duration = positiveNumber(format.duration) ?? positiveNumber(video.duration);
  if (duration === null) {
    throw new MediaRejectedError("The duration of this video could not be read");
  }
  if (duration > maxDurationS) {
    throw new MediaRejectedError(
      `The video lasts ${describeDuration(duration)}: the longest we process is ${describeDuration(maxDurationS)}`,
    );
  }
  return duration;
}

/** Not-a-video in general: ffprobe could not read the file with the demuxer its bytes named. */
export function unreadableMedia(): MediaRejectedError {
  return new MediaRejectedError(MESSAGES.notAVideo);
}

function codecName(stream: Stream): string {
  const name = stream.codec_name;
  return typeof name === "string" && /^[a-z0-9_]{1,32}$/.test(name) ? name : "unknown";
}

/**
 * The size people see: ffmpeg rotates frames by the display matrix when it decodes, so a
 * portrait phone video stored as 1920x1080 with a 90° rotation is 1080x1920 to us too.
 */
function displaySize(video: Stream): { width: number; height: number } {
  const width = positiveInteger(video.width) ?? 0;
  const height = positiveInteger(video.height) ?? 0;
  return isQuarterTurn(rotation(video)) ? { width: height, height: width } : { width, height };
}

function rotation(video: Stream): number {
  const sideData = Array.isArray(video.side_data_list) ? video.side_data_list.map(asRecord) : [];
  for (const entry of sideData) {
    const value = finiteNumber(entry.rotation);
    if (value !== null) return value;
  }
  return finiteNumber(asRecord(video.tags).rotate) ?? 0;
}

function isQuarterTurn(degrees: number): boolean {
  return Math.abs(Math.round(degrees)) % 180 === 90;
}

type Rate = { fps: number; fraction: string };

function frameRate(video: Stream): Rate | null {
  return parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate);
}

function parseRate(value: unknown): Rate | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{1,10})\/(\d{1,10})$/.exec(value);
  if (!match) return null;
  const numerator = Number(match[1]);
  const denominator = Number(match[2]);
  if (numerator <= 0 || denominator <= 0) return null;
  return { fps: numerator / denominator, fraction: `${numerator}/${denominator}` };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function finiteNumber(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

function positiveNumber(value: unknown): number | null {
  const number = finiteNumber(value);
  return number !== null && number > 0 ? number : null;
}

function positiveInteger(value: unknown): number | null {
  const number = positiveNumber(value);
  return number !== null && Number.isSafeInteger(number) ? number : null;
}
