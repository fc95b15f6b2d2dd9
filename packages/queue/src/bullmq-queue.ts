import type { EncoderNode } from "@wr/contracts";
import { type Job, Queue, UnrecoverableError, WaitingError, Worker } from "bullmq";
import {
  DEFAULT_TIMING,
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JobHandedBack,
  type JobHandler,
  type JobQueue,
  MAX_STALLS,
  PermanentJobError,
  type QueueStats,
  type QueueTiming,
  type WorkerOptions,
} from "./job-queue";
import { nodeSnapshot } from "./node-snapshot";
import { PoolRegistry } from "./pool-registry";
import { withinRedisWait } from "./redis-wait";

type JobData = { videoId: string };

const JOB_NAME = "process-video";

type RunningWorker = {
  worker: Worker<JobData>;
  /** Cancels the running jobs, whose processors then move them back to wait. */
  handBack(): void;
  stop(): Promise<void>;
};

/** Jobs over Redis: any number of encoder processes, on any host, take them. */
export class BullmqQueue implements JobQueue {
  readonly kind = "bullmq" as const;
  readonly #queue: Queue<JobData>;
  readonly #pool: PoolRegistry;
  readonly #workers: RunningWorker[] = [];
  readonly #timing: QueueTiming;

  constructor(
    private readonly redisUrl: string,
    private readonly queueName: string,
    timing: Partial<QueueTiming> = {},
  ) {
    this.#timing = { ...DEFAULT_TIMING, ...timing };
    // A producer fails fast while Redis is down, so requests get a clear 503 instead of hanging.
    this.#queue = new Queue<JobData>(queueName, {
      connection: { url: redisUrl, enableOfflineQueue: false, maxRetriesPerRequest: 1 },
      defaultJobOptions: {
        attempts: JOB_ATTEMPTS,
        backoff: { type: "exponential", delay: JOB_BACKOFF_MS },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600 },
      },
    });
    this.#queue.on("error", () => {});
    this.#pool = new PoolRegistry(redisUrl, queueName);
  }

  async enqueue(videoId: string): Promise<void> {
    // The video id is the job id: enqueuing the same video twice adds one job.
    await withinRedisWait(this.#queue.add(JOB_NAME, { videoId }, { jobId: videoId }));
  }

  startWorker(handler: JobHandler, options: WorkerOptions): void {
    const running = new Set<string>();
    let handingBack = false;
    const concurrency = Math.max(1, options.concurrency);
    const worker = new Worker<JobData>(
      this.queueName,
      async (job, token, signal) => {
        const { videoId } = job.data;
        const controller = new AbortController();
        const onAbort = () => controller.abort(handingBack ? new JobHandedBack() : signal?.reason);
        signal?.addEventListener("abort", onAbort, { once: true });
        running.add(videoId);
        try {
          await handler(videoId, {
            attempt: job.attemptsMade + 1,
            maxAttempts: job.opts.attempts ?? JOB_ATTEMPTS,
            signal: controller.signal,
            reportProgress: (percent) => job.updateProgress(percent),
          });
        } catch (error) {
          if (controller.signal.reason instanceof JobHandedBack) {
            await handBack(job, token);
          }
          if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
          throw error;
        } finally {
          running.delete(videoId);
          signal?.removeEventListener("abort", onAbort);
        }
      },
      {
        connection: { url: this.redisUrl, maxRetriesPerRequest: null },
        concurrency,
        lockDuration: this.#timing.lockMs,
        stalledInterval: this.#timing.lockMs,
        maxStalledCount: MAX_STALLS,
      },
    );
    worker.on("error", () => {});
    // Only the stalled-job checker fails a job without its handler: the handler records its own.
    worker.on("failed", (job, error) => {
      if (!job || !options.onAbandoned || !/stalled/i.test(error.message)) return;
      void options.onAbandoned(job.data.videoId, error.message).catch(() => {});
    });

    const node = options.node;
    const beat = node
      ? () => this.#pool.beat(nodeSnapshot(node, concurrency, running), this.#timing.heartbeatMs)
      : null;
    void beat?.().catch(() => {});
    const heartbeat = beat
      ? setInterval(() => void beat().catch(() => {}), this.#timing.heartbeatMs)
      : undefined;

    this.#workers.push({
      worker,
      handBack: () => {
        handingBack = true;
        worker.cancelAllJobs("shutdown");
      },
      stop: async () => {
        clearInterval(heartbeat);
        if (node) await this.#pool.leave(node).catch(() => {});
      },
    });
  }

  async stats(): Promise<QueueStats> {
    try {
      const counts = await withinRedisWait(
        this.#queue.getJobCounts("waiting", "active", "delayed", "prioritized"),
      );
      return {
        kind: this.kind,
        ok: true,
        waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
      };
    } catch {
      return { kind: this.kind, ok: false, waiting: 0, active: 0 };
    }
  }

  async nodes(): Promise<EncoderNode[]> {
    return this.#pool.nodes().catch(() => []);
  }

  async close(options: { graceMs?: number } = {}): Promise<void> {
    const closing = Promise.allSettled(this.#workers.map(({ worker }) => worker.close()));
    if (options.graceMs !== undefined) {
      const timer = setTimeout(() => {
        for (const { handBack } of this.#workers) handBack();
      }, options.graceMs);
      await closing;
      clearTimeout(timer);
    } else {
      await closing;
    }
    await Promise.allSettled(this.#workers.map(({ stop }) => stop()));
    // A queue that never reached Redis has nothing to release (and BullMQ may throw saying so).
    await this.#queue.close().catch(() => {});
    await this.#pool.close();
  }
}

/** Back to the waiting list at once, without counting an attempt, for another worker. */
async function handBack(job: Job<JobData>, token: string | undefined): Promise<never> {
  await job.moveToWait(token);
  throw new WaitingError();
}
