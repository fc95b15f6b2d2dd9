/** Video codecs whose decoders we are willing to run on uploads. */
export const ALLOWED_VIDEO_CODECS: ReadonlySet<string> = new Set([
  "h264",
  "hevc",
  "vp8",
  "vp9",
  "av1",
  "mpeg4",
]);

/** Audio codecs we keep; any other audio is dropped rather than decoded. */
export const ALLOWED_AUDIO_CODECS: ReadonlySet<string> = new Set([
  "aac",
  "mp3",
  "opus",
  "vorbis",
  "ac3",
  "eac3",
  "flac",
  "pcm_s16le",
  "alac",
]);

/**
 * Audio codecs that go into MP4 untouched. Vorbis has no standard MP4 mapping (browsers refuse
 * it), ffmpeg 5.1 wants `-strict experimental` for FLAC in MP4, and MP4 has no PCM: those are
 * re-encoded to AAC.
 */
const MP4_COPYABLE_AUDIO_CODECS: ReadonlySet<string> = new Set([
  "aac",
  "mp3",
  "opus",
  "ac3",
  "eac3",
  "alac",
]);

export function canCopyAudioIntoMp4(codec: string): boolean {
  return MP4_COPYABLE_AUDIO_CODECS.has(codec);
}
