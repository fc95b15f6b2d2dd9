import type { MediaInfo } from "@wr/contracts";
import { MESSAGES } from "@wr/contracts";
import { ffprobePath } from "../binaries";
import { MediaRejectedError } from "../errors";
import { startDeadline, TimeLimitReached } from "../ffmpeg/deadline";
import { readText } from "../ffmpeg/read-text";
import { startTool } from "../ffmpeg/start-tool";
import { mediaInfoFromProbe, type ProbeLimits, unreadableMedia } from "./media-info";
import { readHead } from "./read-head";
import { type Demuxer, SNIFF_BYTES, sniffContainer } from "./sniff-container";

/** ffprobe's JSON for one video is a few kB; past this the file is something else. */
const MAX_PROBE_OUTPUT = 4 * 1024 * 1024;

/**
 * What the upload is, or MediaRejectedError. The file's own bytes pick the demuxer first, so
 * ffprobe never guesses a format (playlists, concat lists, image sequences) for an upload.
 */
export async function probeMedia(path: string, limits: ProbeLimits): Promise<MediaInfo> {
  const head = await readHead(path, SNIFF_BYTES);
  if (head.length === 0) throw new MediaRejectedError(MESSAGES.emptyFile);
  const demuxer = sniffContainer(head);
  if (!demuxer) throw unreadableMedia();
  const probe = await runFfprobe(path, demuxer, limits.timeoutMs);
  return mediaInfoFromProbe(probe, demuxer, limits);
}

export function ffprobeArgs(path: string, demuxer: Demuxer): string[] {
  return [
    "-v",
    "error",
    "-protocol_whitelist",
    "file",
    "-f",
    demuxer,
    "-show_format",
    "-show_streams",
    "-of",
    "json",
    path,
  ];
}

async function runFfprobe(path: string, demuxer: Demuxer, timeoutMs: number): Promise<unknown> {
  const deadline = startDeadline(timeoutMs);
  try {
    const ffprobe = startTool(ffprobePath(), ffprobeArgs(path, demuxer), {
      stdin: "ignore",
      stdout: "pipe",
      signal: deadline.signal,
    });
    const tooMuch = () => deadline.abort(new Error("ffprobe said too much"));
    const [text, exit] = await Promise.all([
      readText(ffprobe.stdout, MAX_PROBE_OUTPUT, tooMuch),
      ffprobe.exit,
    ]);
    if (exit.spawnError)
      throw new Error(`ffprobe could not be started: ${exit.spawnError.message}`);
    if (exit.stoppedBecause instanceof TimeLimitReached) {
      throw new MediaRejectedError("Reading this video took too long: the file may be damaged");
    }
    if (exit.code !== 0 || text === null) throw unreadableMedia();
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) throw unreadableMedia();
    throw error;
  } finally {
    deadline.dispose();
  }
}
