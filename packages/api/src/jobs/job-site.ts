import type { ClaimedJob } from "@wr/contracts";
import type { ProcessedVideo } from "@wr/engine";

/** The input of a claimed job on this node's disk; release() removes a downloaded copy. */
export type JobInput = { path: string; release(): Promise<void> };

/**
 * Where a job's files and row live, seen from the node running it: the same disk and database
 * (the embedded worker, shared-disk nodes) or the server's internal API (remote nodes).
 * The server records every step on the row in both cases, through the same service verbs.
 */
export type JobSite = {
  /** Takes the job; null when there is nothing to do. Throws PermanentJobError when it never can. */
  claim(videoId: string): Promise<{ job: ClaimedJob; input(): Promise<JobInput> } | null>;
  /** Where this node writes the output while it is being made. */
  scratchPath(videoId: string): string;
  progress(videoId: string, percent: number): Promise<void>;
  /** Hands over the complete output (the file is consumed) for publishing. */
  complete(videoId: string, outputPath: string, processed: ProcessedVideo): Promise<void>;
  fail(videoId: string, message: string, final: boolean): Promise<void>;
  /** The node stopped before the job ended: the row goes back to queued. */
  release(videoId: string): Promise<void>;
};
