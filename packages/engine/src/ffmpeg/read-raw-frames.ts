import { MESSAGES } from "@wr/contracts";
import { ffmpegPath } from "../binaries";
import { FfmpegError } from "../errors";
import { readFrames } from "./read-frames";
import { startTool } from "./start-tool";
import { ffmpegFailure, hidePaths } from "./tool-failure";

export type RawFrameRun = {
  /** ffmpeg's arguments; it must write raw frames of `frameSize` bytes to stdout. */
  args: string[];
  frameSize: number;
  signal: AbortSignal;
  /** Our files by role, hidden from error messages. */
  paths: Record<string, string>;
  onFrame(frame: Uint8Array, index: number): void;
};

/**
 * Runs an ffmpeg that decodes to raw frames and hands each frame to `onFrame` as it arrives.
 * Settles once ffmpeg is gone; rejects with its failure (paths hidden) or the reader's.
 */
export async function readRawFrames(run: RawFrameRun): Promise<void> {
  const decoder = startTool(ffmpegPath(), run.args, {
    stdin: "ignore",
    stdout: "pipe",
    signal: run.signal,
  });
  if (!decoder.stdout) throw new Error("ffmpeg's output pipe is missing");
  let index = 0;
  let readError: unknown = null;
  try {
    for await (const frame of readFrames(decoder.stdout, run.frameSize))
      run.onFrame(frame, index++);
  } catch (error) {
    readError = error;
  }
  const exit = await decoder.exit;
  const failure = exit.code === 0 ? null : ffmpegFailure(exit, run.paths);
  if (failure) throw failure;
  if (readError)
    throw new FfmpegError(MESSAGES.processingFailed, hidePaths(String(readError), run.paths));
}
