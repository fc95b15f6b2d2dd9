/** What a worker gets besides the video id: how to report progress and whether a retry follows. */
export type JobContext = {
  attempt: number;
  maxAttempts: number;
  signal: AbortSignal;
  reportProgress(percent: number): Promise<void>;
};

export type JobHandler = (videoId: string, job: JobContext) => Promise<void>;

export type QueueStats = { kind: QueueKind; ok: boolean; waiting: number; active: number };

export type QueueKind = "in-process" | "bullmq";

export type WorkerOptions = { concurrency: number };

/**
 * The transport of processing jobs. A job carries only the video id: the videos row is the
 * job's truth, so a handler must be idempotent (a job may be delivered more than once).
 */
export interface JobQueue {
  readonly kind: QueueKind;
  enqueue(videoId: string): Promise<void>;
  startWorker(handler: JobHandler, options: WorkerOptions): void;
  stats(): Promise<QueueStats>;
  /** Stops taking work, lets running jobs finish, then releases connections. */
  close(): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (bad input): the job fails at once. */
export class PermanentJobError extends Error {
  override readonly name = "PermanentJobError";
}

export const JOB_ATTEMPTS = 3;
export const JOB_BACKOFF_MS = 2_000;
