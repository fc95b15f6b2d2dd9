/**
 * The thread a fill pass runs in (fill-passes.ts starts it): given its job, or first tracking
 * the motion ahead until the job comes (fill-pass.ts); it reports each frame, then the end.
 */
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { type AheadJob, type FillPassJob, runFillPass, trackAhead } from "./fill-pass";
import type { TrackedAhead } from "./motion-tracker";

export type FillPassStart = { job: FillPassJob } | { ahead: AheadJob };
export type FillPassMessage = { frames: number } | { finished: true } | { failed: string };

const post = (message: FillPassMessage) => parentPort?.postMessage(message);

function run(job: FillPassJob, ahead: readonly TrackedAhead[] = []) {
  try {
    runFillPass(job, (frames) => post({ frames }), ahead);
    post({ finished: true });
  } catch (error) {
    post({ failed: error instanceof Error ? error.message : String(error) });
  }
}

const start = workerData as FillPassStart;
if ("job" in start) run(start.job);
else if (parentPort) {
  const port = parentPort;
  const received: { job?: FillPassJob } = {};
  const ahead = trackAhead(start.ahead, () => {
    received.job ??= receiveMessageOnPort(port)?.message as FillPassJob | undefined;
    return received.job !== undefined;
  });
  if (received.job) run(received.job, ahead);
  else port.once("message", (job: FillPassJob) => run(job, ahead));
}
