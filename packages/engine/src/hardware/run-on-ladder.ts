import { rm } from "node:fs/promises";
import type { VideoEncoder } from "@wr/contracts";
import type { RunContext } from "../run-context";
import {
  describeRung,
  type EncoderChoice,
  type EncoderRung,
  encoderLadder,
} from "./encoder-profiles";

/**
 * Runs one encode down the ladder of `choice`: when a hardware rung fails, its partial output
 * is removed and the next rung starts over, within what is left of the time limit. The caller's
 * abort and the time limit end the run at once; the last rung's failure is the run's.
 */
export async function runOnLadder(
  run: RunContext,
  choice: EncoderChoice,
  encode: (run: RunContext, rung: EncoderRung) => Promise<void>,
): Promise<{ videoEncoder: VideoEncoder; fallbacks: string[] }> {
  const started = Date.now();
  const fallbacks: string[] = [];
  const progress = monotonic(run.onProgress);
  const ladder = encoderLadder(choice);
  for (const [index, rung] of ladder.entries()) {
    const timeoutMs = run.timeoutMs - (Date.now() - started);
    try {
      await encode({ ...run, timeoutMs, onProgress: progress }, rung);
      return { videoEncoder: rung.encoder, fallbacks };
    } catch (error) {
      const last = index === ladder.length - 1;
      const outOfTime = Date.now() - started >= run.timeoutMs;
      if (last || outOfTime || run.signal?.aborted) throw error;
      fallbacks.push(
        `${describeRung(rung)} failed: ${error instanceof Error ? error.message : error}`,
      );
      await rm(run.outputPath, { force: true });
    }
  }
  throw new Error("The encoder ladder is empty");
}

/** A restarted rung reports from 0 again; the caller only ever sees progress go up. */
function monotonic(onProgress: RunContext["onProgress"]): RunContext["onProgress"] {
  let highest = -1;
  return (percent) => {
    if (percent <= highest) return;
    highest = percent;
    onProgress?.(percent);
  };
}
