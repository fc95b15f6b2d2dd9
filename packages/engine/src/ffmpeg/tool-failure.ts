import { MESSAGES } from "@wr/contracts";
import { describeDuration } from "../describe";
import { FfmpegError } from "../errors";
import { TimeLimitReached } from "./deadline";
import type { ToolExit } from "./start-tool";

/**
 * The error an ffmpeg exit stands for, or null when it succeeded. The stderr tail has our file
 * paths replaced by their role, so messages carry no server paths.
 */
export function ffmpegFailure(exit: ToolExit, paths: Record<string, string>): Error | null {
  // A run that finished cleanly counts, even if a stop arrived as it was exiting.
  if (exit.code === 0 && !exit.spawnError) return null;
  const tail = hidePaths(exit.stderrTail, paths);
  const reason = exit.stoppedBecause;
  if (reason !== undefined) return stoppedError(reason, tail);
  if (exit.spawnError) return new FfmpegError("ffmpeg could not be started", tail);
  return new FfmpegError(`${MESSAGES.processingFailed} (ffmpeg exit ${exit.code})`, tail);
}

/** Why a run was stopped, as its error: the time limit, or the caller's own reason. */
export function stoppedError(reason: unknown, tail = ""): Error {
  if (reason instanceof TimeLimitReached) {
    return new FfmpegError(
      `Processing took too long: stopped at the ${describeDuration(reason.limitMs / 1000)} limit`,
      tail,
    );
  }
  return abortError(reason);
}

/** A caller's abort surfaces as its own reason, the way fetch() does it. */
export function abortError(reason: unknown): Error {
  return reason instanceof Error
    ? reason
    : new DOMException("The operation was aborted", "AbortError");
}

export function hidePaths(text: string, paths: Record<string, string>): string {
  let result = text;
  for (const [role, path] of Object.entries(paths)) {
    if (path !== "") result = result.split(path).join(`<${role}>`);
  }
  return result;
}
