/**
 * The thread a fill pass runs in (fill-passes.ts starts it): given its job, or first tracking
 * the motion ahead, then waiting for the job (fill-pass.ts). The forward pass's thread posts the
 * motions it tracked ahead as its job comes; the backward pass's reads them when it needs them.
 */
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import {
  type AheadJob,
  type FillPassJob,
  type PassMotions,
  runFillPass,
  type TrackedMotions,
  trackAhead,
} from "./fill-pass";

export type FillPassStart = { job: FillPassJob } | { ahead: AheadJob };
/**
 * A pass reports each frame, then its end; the forward one, first, the motions it tracked ahead
 * (which the main thread hands on to the backward one).
 */
export type FillPassMessage =
  | { frames: number }
  | { finished: true }
  | { failed: string }
  | { tracked: TrackedMotions };

const post = (message: FillPassMessage) => parentPort?.postMessage(message);

function run(job: FillPassJob, motions: PassMotions) {
  try {
    runFillPass(job, (frames) => post({ frames }), motions);
    post({ finished: true });
  } catch (error) {
    post({ failed: error instanceof Error ? error.message : String(error) });
  }
}

/** The motions tracked ahead, once handed on: waits for them the first time (see trackingBack). */
function trackedMotions(port: NonNullable<typeof parentPort>): () => TrackedMotions {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let tracked: TrackedMotions | null = null;
  return () => {
    while (!tracked) {
      const message = receiveMessageOnPort(port)?.message as
        | { tracked: TrackedMotions }
        | undefined;
      if (message) tracked = message.tracked;
      else Atomics.wait(pause, 0, 0, 2);
    }
    return tracked;
  };
}

const start = workerData as FillPassStart;
if (parentPort) {
  const port = parentPort;
  if ("job" in start) {
    run(start.job, start.job.tracked ? { tracked: trackedMotions(port) } : {});
  } else {
    const ahead = trackAhead(start.ahead);
    const begin = (job: FillPassJob) => {
      post({ tracked: ahead.map(({ motions }) => motions) });
      run(job, { ahead });
    };
    const waiting = receiveMessageOnPort(port)?.message as FillPassJob | undefined;
    if (waiting) begin(waiting);
    else port.once("message", begin);
  }
}
