/** The thread a fill pass runs in (fill-passes.ts starts it): it reports each frame, then the end. */
import { parentPort, workerData } from "node:worker_threads";
import { type FillPassJob, runFillPass } from "./fill-pass";

export type FillPassMessage = { frames: number } | { finished: true } | { failed: string };

const post = (message: FillPassMessage) => parentPort?.postMessage(message);

try {
  runFillPass(workerData as FillPassJob, (frames) => post({ frames }));
  post({ finished: true });
} catch (error) {
  post({ failed: error instanceof Error ? error.message : String(error) });
}
