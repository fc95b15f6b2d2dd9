import type { EncoderNode } from "@wr/contracts";
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JobHandedBack,
  type JobHandler,
  type JobQueue,
  type NodeIdentity,
  PermanentJobError,
  type QueueStats,
  type WorkerOptions,
} from "./job-queue";
import { nodeSnapshot } from "./node-snapshot";

type Pending = { videoId: string; attempt: number };

/** The embedded runner: jobs run inside this process, a few at a time, retried with backoff. */
export class InProcessQueue implements JobQueue {
  readonly kind = "in-process" as const;
  readonly #waiting: Pending[] = [];
  readonly #queued = new Set<string>();
  readonly #running = new Map<string, Promise<void>>();
  readonly #retryTimers = new Set<ReturnType<typeof setTimeout>>();
  readonly #abort = new AbortController();
  #handler: JobHandler | null = null;
  #node: NodeIdentity | null = null;
  #concurrency = 1;
  #closed = false;

  async enqueue(videoId: string): Promise<void> {
    if (this.#closed) throw new Error("The queue is closed");
    if (this.#queued.has(videoId)) return;
    this.#queued.add(videoId);
    this.#waiting.push({ videoId, attempt: 1 });
    this.#pump();
  }

  startWorker(handler: JobHandler, options: WorkerOptions): void {
    this.#handler = handler;
    this.#node = options.node ?? null;
    this.#concurrency = Math.max(1, options.concurrency);
    this.#pump();
  }

  async stats(): Promise<QueueStats> {
    return {
      kind: this.kind,
      ok: !this.#closed,
      waiting: this.#waiting.length + this.#retryTimers.size,
      active: this.#running.size,
    };
  }

  async nodes(): Promise<EncoderNode[]> {
    if (!this.#node || this.#closed) return [];
    return [nodeSnapshot(this.#node, this.#concurrency, this.#running.keys())];
  }

  /** Jobs still running after the grace period are stopped; their rows say queued again. */
  async close(options: { graceMs?: number } = {}): Promise<void> {
    this.#closed = true;
    for (const timer of this.#retryTimers) clearTimeout(timer);
    this.#retryTimers.clear();
    const timer =
      options.graceMs === undefined
        ? undefined
        : setTimeout(() => this.#abort.abort(new JobHandedBack()), options.graceMs);
    await Promise.allSettled(this.#running.values());
    clearTimeout(timer);
  }

  #pump(): void {
    const handler = this.#handler;
    if (!handler || this.#closed) return;
    while (this.#running.size < this.#concurrency) {
      const next = this.#waiting.shift();
      if (!next) return;
      const run = this.#run(handler, next).finally(() => {
        this.#running.delete(next.videoId);
        this.#pump();
      });
      this.#running.set(next.videoId, run);
    }
  }

  async #run(handler: JobHandler, job: Pending): Promise<void> {
    try {
      await handler(job.videoId, {
        attempt: job.attempt,
        maxAttempts: JOB_ATTEMPTS,
        signal: this.#abort.signal,
        reportProgress: async () => {},
      });
      this.#queued.delete(job.videoId);
    } catch (error) {
      const retry = !(error instanceof PermanentJobError) && job.attempt < JOB_ATTEMPTS;
      if (!retry || this.#closed) {
        this.#queued.delete(job.videoId);
        return;
      }
      const timer = setTimeout(
        () => {
          this.#retryTimers.delete(timer);
          this.#waiting.push({ videoId: job.videoId, attempt: job.attempt + 1 });
          this.#pump();
        },
        JOB_BACKOFF_MS * 2 ** (job.attempt - 1),
      );
      this.#retryTimers.add(timer);
    }
  }
}
