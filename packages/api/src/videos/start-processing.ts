import {
  type FreeTrialInfo,
  findRectangleProblem,
  MESSAGES,
  methodUsesTimeRange,
  type ProcessInput,
} from "@wr/contracts";
import { videos } from "@wr/db";
import { and, eq, isNull } from "drizzle-orm";
import type { Actor } from "../auth/actor";
import { reserveCharge } from "../charges/reserve-charge";
import { returnCharge } from "../charges/return-charge";
import type { ServiceContext } from "../context";
import { AppError, badRequest, unavailable } from "../errors";
import { findTrialSession } from "../trial/get-trial-status";
import { trialInfo } from "../trial/trial-info";
import { findUploadToProcess } from "./find-video";

export type Started = { jobId: string; freeTrialInfo: FreeTrialInfo | null };

/**
 * Checks the request against the uploaded video, takes what it costs (a trial slot or a
 * credit) and records method and areas on its row in one transaction, then hands the job to
 * the queue. Returns at once with the job id (the video's id).
 */
export async function startProcessing({
  ctx,
  actor,
  input,
}: {
  ctx: ServiceContext;
  actor: Actor;
  input: ProcessInput;
}): Promise<Started> {
  const video = await findUploadToProcess(ctx, actor, input.filename);

  const problem = findRectangleProblem(input.rectangles, video.media);
  if (problem) throw badRequest(problem);
  const rectangles = methodUsesTimeRange(input.method)
    ? input.rectangles
    : input.rectangles.map(({ x, y, width, height }) => ({ x, y, width, height }));

  await ctx.db.transaction(async (tx) => {
    const charge = await reserveCharge(ctx, tx, actor);
    const claimed = await tx
      .update(videos)
      .set({
        ...charge,
        chargeReturnedAt: null,
        status: "queued",
        method: input.method,
        rectangles,
        watermarkCount: rectangles.length,
        queuedAt: new Date(),
      })
      .where(
        and(eq(videos.id, video.id), eq(videos.status, "uploaded"), isNull(videos.uploadDeletedAt)),
      )
      .returning({ id: videos.id });
    if (claimed.length === 0) throw new AppError("CONFLICT", MESSAGES.alreadyProcessed);
  });

  try {
    await ctx.queue.enqueue(video.id);
  } catch {
    await ctx.db
      .update(videos)
      .set({ status: "uploaded", method: null, rectangles: null, queuedAt: null })
      .where(eq(videos.id, video.id));
    await returnCharge(ctx, video.id);
    throw unavailable(MESSAGES.queueUnavailable);
  }
  return { jobId: video.id, freeTrialInfo: await guestTrialInfo(ctx, actor) };
}

async function guestTrialInfo(ctx: ServiceContext, actor: Actor): Promise<FreeTrialInfo | null> {
  if (actor.kind !== "guest" || !actor.requester.fingerprint) return null;
  return trialInfo(ctx, await findTrialSession(ctx.db, actor.requester.fingerprint));
}
