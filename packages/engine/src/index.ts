export { FfmpegError, MediaRejectedError } from "./errors";
export { ffmpegVersion } from "./ffmpeg-version";
export type { ProbeLimits } from "./probe/media-info";
export { probeMedia } from "./probe/probe-media";
export { type ProcessVideoOptions, processVideo } from "./process-video";
