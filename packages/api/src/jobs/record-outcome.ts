import { videos } from "@wr/db";
import { and, eq, inArray } from "drizzle-orm";
import { returnCharge } from "../charges/return-charge";
import type { ServiceContext } from "../context";

type Outcome = Partial<typeof videos.$inferInsert> & { status: "completed" | "failed" };

/**
 * Records a job's outcome at most once: only a row still queued or processing changes, so the
 * second completion of a job that ran twice changes nothing. Returns whether this one counted.
 */
export async function recordOutcome(
  ctx: ServiceContext,
  videoId: string,
  outcome: Outcome,
): Promise<boolean> {
  const changed = await ctx.db
    .update(videos)
    .set(outcome)
    .where(and(eq(videos.id, videoId), inArray(videos.status, ["queued", "processing"])))
    .returning({ id: videos.id });
  return changed.length > 0;
}

/** Records the failure once, and gives back what the processing cost. */
export async function recordFailure(
  ctx: ServiceContext,
  videoId: string,
  error: string,
): Promise<void> {
  if (await recordOutcome(ctx, videoId, { status: "failed", error })) {
    await returnCharge(ctx, videoId);
  }
}

/** Uploads are deleted as soon as their processing has ended, success or failure. */
export async function removeUpload(ctx: ServiceContext, videoId: string, path: string) {
  await ctx.storage.remove(path);
  await ctx.db.update(videos).set({ uploadDeletedAt: new Date() }).where(eq(videos.id, videoId));
}
