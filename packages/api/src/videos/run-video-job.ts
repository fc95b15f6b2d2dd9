import type { EncoderChoice } from "@wr/engine";
import type { JobContext } from "@wr/queue";
import type { ServiceContext } from "../context";
import { localSite } from "../jobs/local-site";
import { runJob } from "../jobs/run-job";

/**
 * The worker's side of a job on the server's own disk and database (the embedded worker and
 * shared-disk encoder nodes): run the engine on the upload, publish the result, record it.
 */
export async function runVideoJob(
  ctx: ServiceContext,
  videoId: string,
  job: JobContext,
  node: { id: string; encoder?: EncoderChoice; log?: (line: string) => void } = { id: "embedded" },
): Promise<void> {
  await runJob(localSite(ctx, node.id), videoId, job, {
    timeoutMs: ctx.config.jobTimeoutMs,
    encoder: node.encoder,
    log: node.log,
  });
}
