import type { JobStatus } from "@wr/contracts";
import { anonymousSessions, type Video } from "@wr/db";
import { eq } from "drizzle-orm";
import type { Actor } from "../auth/actor";
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

/**
 * A job's state, for whoever started it: the owning user (or an admin), or the guest whose
 * fingerprint took the trial slot. Anyone else is told it does not exist.
 */
export async function getJobStatus({
  ctx,
  actor,
  input,
}: {
  ctx: ServiceContext;
  actor: Actor | null;
  input: { jobId: string };
}): Promise<JobStatus> {
  const video = await findVideoById(ctx, input.jobId);
  if (!video || (actor && !(await mayWatch(ctx, actor, video)))) throw notFound("Job not found");
  return toJobStatus(video);
}

async function mayWatch(ctx: ServiceContext, actor: Actor, video: Video): Promise<boolean> {
  if (actor.kind === "user") return actor.user.role === "admin" || video.userId === actor.user.id;
  if (video.userId) return false;
  if (!video.anonymousSessionId) return true;
  const [session] = await ctx.db
    .select({ fingerprint: anonymousSessions.fingerprint })
    .from(anonymousSessions)
    .where(eq(anonymousSessions.id, video.anonymousSessionId))
    .limit(1);
  return session?.fingerprint === actor.requester.fingerprint;
}
