import type { EncoderTrial, HardwareReport, VideoEncoder } from "@wr/contracts";
import { ffmpegPath } from "../binaries";
import { GLOBAL_ARGS } from "../ffmpeg/args";
import { startDeadline } from "../ffmpeg/deadline";
import { startTool } from "../ffmpeg/start-tool";
import { ffmpegVersion } from "../ffmpeg-version";
import {
  codecArgs,
  type EncoderChoice,
  hardwareInputArgs,
  SOFTWARE_RUNG,
  uploadFilter,
} from "./encoder-profiles";

const TRIAL_TIMEOUT_MS = 20_000;
/** One second of a synthetic picture, large enough for every encoder's minimum size. */
const TRIAL_SOURCE = "testsrc2=size=640x360:rate=30:duration=1";

/** The argument array of a one-second trial encode into nothing. */
export function trialArgs(choice: EncoderChoice): string[] {
  const upload = uploadFilter(choice);
  return [
    ...GLOBAL_ARGS,
    ...hardwareInputArgs({ ...choice, hardwareDecode: false }),
    ...["-f", "lavfi", "-i", TRIAL_SOURCE],
    ...(upload ? ["-vf", upload] : []),
    ...codecArgs(choice),
    ...["-f", "null", "-"],
  ];
}

/**
 * Encodes one second with `choice`. Listing encoders proves nothing (Debian's ffmpeg lists NVENC
 * and VAAPI on machines with neither): only an encode that succeeds counts.
 */
export async function trialEncode(choice: EncoderChoice): Promise<EncoderTrial> {
  const started = performance.now();
  const deadline = startDeadline(TRIAL_TIMEOUT_MS);
  try {
    const ffmpeg = startTool(ffmpegPath(), trialArgs(choice), {
      stdin: "ignore",
      stdout: "ignore",
      signal: deadline.signal,
    });
    const exit = await ffmpeg.exit;
    const ok = exit.code === 0 && !exit.spawnError;
    const lastLines = exit.stderrTail.trim().split("\n").slice(-2).join(" ").slice(0, 300);
    return {
      encoder: choice.encoder,
      ok,
      error: ok ? null : lastLines || `ffmpeg exit ${exit.code}`,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    deadline.dispose();
  }
}

/**
 * The node's hardware report: each hardware candidate tried in order, then libx264. Jobs use
 * the first that passed; libx264 is the floor.
 */
export async function detectEncoders(
  candidates: readonly EncoderChoice[],
): Promise<{ report: HardwareReport; choice: EncoderChoice }> {
  const hardware = candidates.filter((candidate) => candidate.encoder !== "libx264");
  const trials: EncoderTrial[] = [];
  for (const candidate of [...hardware, SOFTWARE_RUNG]) trials.push(await trialEncode(candidate));
  const passed = trials.filter((trial) => trial.ok).map((trial) => trial.encoder);
  const chosen: VideoEncoder = passed[0] ?? "libx264";
  const choice = hardware.find((candidate) => candidate.encoder === chosen) ?? {
    encoder: chosen,
  };
  return {
    report: { ffmpeg: await ffmpegVersion(), trials, encoders: passed, chosen },
    choice,
  };
}
