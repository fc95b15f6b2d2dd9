import { type ChildProcess, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { LineRing } from "./line-ring";

export type ToolExit = {
  code: number | null;
  /** Why we killed it (the abort signal's reason), or undefined when it ended by itself. */
  stoppedBecause: unknown;
  stderrTail: string;
  /** Set when the executable could not be started at all. */
  spawnError?: Error;
};

export type RunningTool = {
  stdin: Writable | null;
  stdout: Readable | null;
  /** Settles once the process is gone and reaped; never rejects. */
  exit: Promise<ToolExit>;
};

export type ToolOptions = {
  stdin: "pipe" | "ignore";
  stdout: "pipe" | "ignore";
  /** Aborting kills the process with SIGKILL; its reason comes back as `stoppedBecause`. */
  signal: AbortSignal;
};

const STDERR_GRACE_MS = 1000;

/**
 * Starts ffmpeg or ffprobe from an argument array (never a shell). stderr is always read into a
 * bounded ring so a chatty process can neither block nor fill our memory.
 */
export function startTool(
  command: string,
  args: readonly string[],
  options: ToolOptions,
): RunningTool {
  const child = spawn(command, args, {
    stdio: [options.stdin, options.stdout, "pipe"],
    windowsHide: true,
  });
  const stderr = new LineRing();
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (text: string) => stderr.push(text));
  // Errors on our ends of the pipes (EPIPE when the process dies) surface through the exit.
  child.stdin?.on("error", () => {});
  child.stdout?.on("error", () => {});

  let stoppedBecause: unknown;
  const stop = () => {
    const running = child.pid !== undefined && child.exitCode === null && child.signalCode === null;
    if (!running) return;
    stoppedBecause = options.signal.reason;
    child.kill("SIGKILL");
  };
  if (options.signal.aborted) stop();
  else options.signal.addEventListener("abort", stop, { once: true });

  const exit = waitForExit(child, stderr).then((ended) => {
    options.signal.removeEventListener("abort", stop);
    return { ...ended, stoppedBecause, stderrTail: stderr.text() };
  });
  return { stdin: child.stdin, stdout: child.stdout, exit };
}

type Ended = { code: number | null; spawnError?: Error };

function waitForExit(child: ChildProcess, stderr: LineRing): Promise<Ended> {
  return new Promise((resolve) => {
    child.once("error", (error) => {
      // Only a failed spawn leaves no process behind; later errors are followed by "exit".
      if (child.pid === undefined) {
        stderr.push(error.message);
        resolve({ code: null, spawnError: error });
      }
    });
    child.once("exit", (code) => {
      // The process is reaped; give stderr a moment to deliver its last lines.
      const done = () => resolve({ code });
      if (!child.stderr || child.stderr.closed || child.stderr.readableEnded) return done();
      const timer = setTimeout(done, STDERR_GRACE_MS);
      child.stderr.once("close", () => {
        clearTimeout(timer);
        done();
      });
    });
  });
}
