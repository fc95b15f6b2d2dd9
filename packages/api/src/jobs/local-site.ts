import { PermanentJobError } from "@wr/queue";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { claimJob } from "./claim-job";
import { completeJob } from "./complete-job";
import { failJob, recordProgress, releaseJob } from "./fail-job";
import type { JobSite } from "./job-site";

/** A node on the server's disk and database: the embedded worker, or a shared-disk encoder. */
export function localSite(ctx: ServiceContext, node: string): JobSite {
  return {
    async claim(videoId) {
      const claim = await claimJob(ctx, { videoId, node }).catch((error: unknown) => {
        if (error instanceof AppError) throw new PermanentJobError(error.message);
        throw error;
      });
      if (!claim) return null;
      return { job: claim.job, input: async () => ({ path: claim.inputPath, release: noop }) };
    },
    scratchPath: (videoId) => ctx.storage.scratchPath(videoId),
    progress: (videoId, percent) => recordProgress(ctx, { videoId, percent }),
    async complete(videoId, outputPath, processed) {
      await completeJob(ctx, { videoId, outputPath, node, videoEncoder: processed.videoEncoder });
    },
    fail: (videoId, message, final) => failJob(ctx, { videoId, message, final }),
    release: (videoId) => releaseJob(ctx, { videoId }),
  };
}

const noop = async () => {};
