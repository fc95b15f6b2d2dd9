import { join, resolve } from "node:path";
import { createServices, failJob, runJob, runVideoJob } from "@wr/api";
import type { EncoderChoice } from "@wr/engine";
import { createQueue, type JobHandler, type JobQueue, newNodeIdentity } from "@wr/queue";
import { type EncoderEnv, loadEncoderEnv } from "./env";
import { probeHardware } from "./hardware";
import { remoteSite, serverCall } from "./remote-site";

type Node = ReturnType<typeof newNodeIdentity>;
type Running = {
  queue: JobQueue;
  handler: JobHandler;
  /** Records the failure of a job the queue gave up on (its nodes kept dying). */
  fail(videoId: string, message: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * An encoder node: tries its hardware, then takes jobs from the queue until told to stop.
 * SIGTERM stops taking work and gives running jobs SHUTDOWN_GRACE_S to finish; those still
 * running then go back to the queue for another node.
 */
export async function runWorker(): Promise<void> {
  const env = loadEncoderEnv();
  const { report, choice } = await probeHardware(env);
  if (report.encoders.length === 0) {
    const why = report.trials.at(-1)?.error ?? "ffmpeg did not run";
    throw new Error(`No encoder works on this node, not even libx264: ${why}`);
  }
  const mode = env.SERVER_URL ? "remote" : "shared";
  const node = newNodeIdentity({ mode, encoders: report.encoders, chosen: report.chosen });
  const log = (line: string) => console.log(`[${node.id}] ${line}`);
  const running =
    mode === "remote"
      ? await remoteNode(env, node, choice, log)
      : await sharedNode(env, node, choice, log);

  running.queue.startWorker(running.handler, {
    concurrency: env.WORKER_CONCURRENCY,
    node,
    onAbandoned: (videoId, reason) =>
      running.fail(videoId, `The encoders running it kept stopping (${reason})`),
  });
  const failed = report.trials.filter((trial) => !trial.ok).map((trial) => trial.encoder);
  log(
    `Encoder ready (${mode}): queue "${env.QUEUE_NAME}", concurrency ${env.WORKER_CONCURRENCY}, ` +
      `encoder ${report.chosen}${failed.length ? ` (failed their trial: ${failed.join(", ")})` : ""}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: taking no more jobs; running ones get ${env.SHUTDOWN_GRACE_S} s to finish.`);
    await running.close();
    log("stopped.");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** On the server's disk and database: reads and writes DATA_DIR and the rows directly. */
async function sharedNode(
  env: EncoderEnv,
  node: Node,
  encoder: EncoderChoice,
  log: (line: string) => void,
): Promise<Running> {
  const services = await createServices(env);
  const { ctx } = services;
  return {
    queue: ctx.queue,
    handler: (videoId, job) => runVideoJob(ctx, videoId, job, { id: node.id, encoder, log }),
    fail: (videoId, message) => failJob(ctx, { videoId, message, final: true }),
    close: () => services.close({ graceMs: env.SHUTDOWN_GRACE_S * 1000 }),
  };
}

/** On its own disk: files and rows through the server's internal API (REDIS_URL, SERVER_URL, ENCODER_TOKEN). */
async function remoteNode(
  env: EncoderEnv,
  node: Node,
  encoder: EncoderChoice,
  log: (line: string) => void,
): Promise<Running> {
  const serverUrl = env.SERVER_URL ?? "";
  const token = env.ENCODER_TOKEN ?? "";
  // A wrong token or address is the operator's to fix: say so now, not on every job.
  await serverCall({ serverUrl, token }, "/api/internal/ping", {
    signal: AbortSignal.timeout(30_000),
  });
  const queue = createQueue({
    redisUrl: env.REDIS_URL,
    queueName: env.QUEUE_NAME,
    timing: { lockMs: env.JOB_LOCK_S * 1000, heartbeatMs: env.HEARTBEAT_S * 1000 },
  });
  const site = remoteSite({
    serverUrl,
    token,
    node,
    scratchDir: join(resolve(env.DATA_DIR), "tmp"),
  });
  return {
    queue,
    fail: (videoId, message) => site.fail(videoId, message, true),
    handler: (videoId, job) =>
      runJob(site, videoId, job, { timeoutMs: env.JOB_TIMEOUT_S * 1000, encoder, log }),
    close: () => queue.close({ graceMs: env.SHUTDOWN_GRACE_S * 1000 }),
  };
}
