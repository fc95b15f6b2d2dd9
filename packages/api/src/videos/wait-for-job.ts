import { MESSAGES } from "@wr/contracts";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { getJobStatus } from "./get-job-status";

const POLL_MS = 200;

/**
 * Waits until the job's row says it is done. The row is the truth whichever worker runs the
 * job, in this process or on another host, so polling it works for every queue.
 */
export async function waitForJob({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { jobId: string; signal?: AbortSignal };
}): Promise<{ filename: string; processingTime: number | null }> {
  const deadline = Date.now() + ctx.config.processWaitMs;
  while (Date.now() < deadline && !input.signal?.aborted) {
    const job = await getJobStatus({ ctx, actor: null, input });
    if (job.status === "completed" && job.filename) {
      return { filename: job.filename, processingTime: job.processingTime };
    }
    if (job.status === "failed") {
      throw new AppError("INTERNAL", MESSAGES.processingFailed, {
        details: job.error ?? undefined,
      });
    }
    await Bun.sleep(POLL_MS);
  }
  throw new AppError("UNAVAILABLE", "Processing is taking longer than expected", {
    details: "The job is still running: check its status again shortly.",
    jobId: input.jobId,
  });
}
