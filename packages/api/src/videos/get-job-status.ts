import type { JobStatus } from "@wr/contracts";
import type { Video } from "@wr/db";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { findVideoById } from "./find-video";

export function toJobStatus(video: Video): JobStatus {
  return {
    jobId: video.id,
    status: video.status,
    progress: video.progress,
    filename: video.status === "completed" ? video.resultFilename : null,
    error: video.status === "failed" ? video.error : null,
    processingTime: video.processingTime,
  };
}

export async function getJobStatus({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { jobId: string };
}): Promise<JobStatus> {
  const video = await findVideoById(ctx, input.jobId);
  if (!video) throw notFound("Job not found");
  return toJobStatus(video);
}
