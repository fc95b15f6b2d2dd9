export { type DetectOptions, detectWatermarks } from "./detect/detect-watermarks";
export { FfmpegError, MediaRejectedError } from "./errors";
export { ffmpegVersion } from "./ffmpeg-version";
export {
  DEFAULT_VAAPI_DEVICE,
  type EncoderChoice,
  encoderLadder,
} from "./hardware/encoder-profiles";
export { detectEncoders, trialEncode } from "./hardware/trial-encode";
export type { ProbeLimits } from "./probe/media-info";
export { probeMedia } from "./probe/probe-media";
export {
  type ProcessedVideo,
  type ProcessVideoOptions,
  processVideo,
  processVideoReporting,
} from "./process-video";
