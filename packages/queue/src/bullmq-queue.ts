import { Queue, UnrecoverableError, Worker } from "bullmq";
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  type JobHandler,
  type JobQueue,
  PermanentJobError,
  type QueueStats,
  type WorkerOptions,
} from "./job-queue";

type JobData = { videoId: string };

const JOB_NAME = "process-video";
/** How long a producer call may wait for Redis before the caller gets an error. */
const REDIS_WAIT_MS = 5_000;

function withinRedisWait<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Redis did not answer in time")), REDIS_WAIT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Jobs over Redis: any number of encoder processes, on any host, take them. */
export class BullmqQueue implements JobQueue {
  readonly kind = "bullmq" as const;
  readonly #queue: Queue<JobData>;
  readonly #workers: Worker<JobData>[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly queueName: string,
  ) {
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
  }

  async enqueue(videoId: string): Promise<void> {
    // The video id is the job id: enqueuing the same video twice adds one job.
    await withinRedisWait(this.#queue.add(JOB_NAME, { videoId }, { jobId: videoId }));
  }

  startWorker(handler: JobHandler, options: WorkerOptions): void {
    const worker = new Worker<JobData>(
      this.queueName,
      async (job, _token, signal) => {
        try {
          await handler(job.data.videoId, {
            attempt: job.attemptsMade + 1,
            maxAttempts: job.opts.attempts ?? JOB_ATTEMPTS,
            signal: signal ?? new AbortController().signal,
            reportProgress: (percent) => job.updateProgress(percent),
          });
        } catch (error) {
          if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      {
        connection: { url: this.redisUrl, maxRetriesPerRequest: null },
        concurrency: Math.max(1, options.concurrency),
      },
    );
    worker.on("error", () => {});
    this.#workers.push(worker);
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

  async close(): Promise<void> {
    await Promise.allSettled(this.#workers.map((worker) => worker.close()));
    // A queue that never reached Redis has nothing to release (and BullMQ may throw saying so).
    await this.#queue.close().catch(() => {});
  }
}
