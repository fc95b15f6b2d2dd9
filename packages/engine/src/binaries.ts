/** Where the ffmpeg and ffprobe executables are; the only place that reads these variables. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH ?? "ffmpeg";
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH ?? "ffprobe";
}
