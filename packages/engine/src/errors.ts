/** The upload is not something we will process; the message is shown to the user as is. */
export class MediaRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaRejectedError";
  }
}

/** An ffmpeg run failed or was stopped; the message is a short summary plus the stderr tail. */
export class FfmpegError extends Error {
  readonly stderrTail: string;

  constructor(summary: string, stderrTail = "") {
    super(composeMessage(summary, stderrTail));
    this.name = "FfmpegError";
    this.stderrTail = stderrTail;
  }
}

const MAX_MESSAGE_LENGTH = 500;

function composeMessage(summary: string, stderrTail: string): string {
  const tail = stderrTail.trim();
  if (tail === "") return summary;
  const room = MAX_MESSAGE_LENGTH - summary.length - 2;
  if (room <= 0) return summary;
  // Keep the end of the tail: the last lines say why ffmpeg gave up.
  const kept = tail.length > room ? `…${tail.slice(tail.length - room + 1)}` : tail;
  return `${summary}: ${kept}`;
}
