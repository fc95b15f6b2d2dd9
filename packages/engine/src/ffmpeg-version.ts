import { ffmpegPath } from "./binaries";
import { startDeadline } from "./ffmpeg/deadline";
import { readText } from "./ffmpeg/read-text";
import { startTool } from "./ffmpeg/start-tool";

const VERSION_TIMEOUT_MS = 10_000;

/** The installed ffmpeg's version ("5.1.9-0+deb12u1"), or null when it does not run. */
export async function ffmpegVersion(): Promise<string | null> {
  const deadline = startDeadline(VERSION_TIMEOUT_MS);
  try {
    const ffmpeg = startTool(ffmpegPath(), ["-hide_banner", "-version"], {
      stdin: "ignore",
      stdout: "pipe",
      signal: deadline.signal,
    });
    const [text, exit] = await Promise.all([readText(ffmpeg.stdout, 65_536), ffmpeg.exit]);
    return exit.code === 0 && text !== null ? parseFfmpegVersion(text) : null;
  } finally {
    deadline.dispose();
  }
}

/** "ffmpeg version 5.1.9-0+deb12u1 Copyright ..." -> "5.1.9-0+deb12u1". */
export function parseFfmpegVersion(text: string): string | null {
  return /^ffmpeg version (\S+)/m.exec(text)?.[1] ?? null;
}
