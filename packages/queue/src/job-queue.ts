import type { EncoderNode } from "@wr/contracts";

/** What a worker gets besides the video id: how to report progress and whether a retry follows. */
export type JobContext = {
  attempt: number;
  maxAttempts: number;
  /** Aborts when the job must stop: its reason is a JobHandedBack when the worker shuts down. */
  signal: AbortSignal;
  reportProgress(percent: number): Promise<void>;
};

export type JobHandler = (videoId: string, job: JobContext) => Promise<void>;

export type QueueStats = { kind: QueueKind; ok: boolean; waiting: number; active: number };

export type QueueKind = "in-process" | "bullmq";

/** How a worker describes itself to the pool; the queue adds its running jobs and the time. */
export type NodeIdentity = Omit<EncoderNode, "currentJobs" | "lastSeen" | "concurrency">;

export type WorkerOptions = {
  concurrency: number;
  /** Announces this worker in the pool (GET /api/health) for as long as it runs. */
  node?: NodeIdentity;
  /**
   * Called when the queue gives up on a job without its handler having said so: the job's
   * workers kept dying (stalled too often). The handler's own failures do not come here.
   */
  onAbandoned?: (videoId: string, reason: string) => Promise<void>;
};

/** Timing of the queue's reliability machinery, from the node's settings. */
export type QueueTiming = {
  /** A job's lock: a worker that stops renewing it for this long has its job handed on. */
  lockMs: number;
  /** How often a worker announces itself; it leaves the pool after three missed beats. */
  heartbeatMs: number;
};

export const DEFAULT_TIMING: QueueTiming = { lockMs: 30_000, heartbeatMs: 10_000 };

/**
 * The transport of processing jobs. A job carries only the video id: the videos row is the
 * job's truth, so a handler must be idempotent (a job may be delivered more than once).
 */
export interface JobQueue {
  readonly kind: QueueKind;
  enqueue(videoId: string): Promise<void>;
  startWorker(handler: JobHandler, options: WorkerOptions): void;
  stats(): Promise<QueueStats>;
  /** The workers that announced themselves and have not missed their heartbeats. */
  nodes(): Promise<EncoderNode[]>;
  /**
   * Stops taking work and lets running jobs finish; those still running after `graceMs` are
   * stopped and handed back to the queue for another worker. Then releases connections.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (bad input): the job fails at once. */
export class PermanentJobError extends Error {
  override readonly name = "PermanentJobError";
}

/** The abort reason of a job stopped because its worker shuts down: it goes back to the queue. */
export class JobHandedBack extends Error {
  override readonly name = "JobHandedBack";
  constructor() {
    super("The encoder shut down; the job goes back to the queue");
  }
}

export const JOB_ATTEMPTS = 3;
export const JOB_BACKOFF_MS = 2_000;
/** Crashes a job may survive (its worker killed mid-job) before it counts as failed. */
export const MAX_STALLS = 2;
