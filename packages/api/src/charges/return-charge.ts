import { anonymousSessions, trialIpUsage, users, videos } from "@wr/db";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { ServiceContext } from "../context";

/**
 * Gives back what a video's processing cost, at most once: the trial slot (fingerprint and
 * network block) or the credit. Called when processing fails or never got queued.
 */
export async function returnCharge(ctx: ServiceContext, videoId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [video] = await tx
      .update(videos)
      .set({ chargeReturnedAt: new Date() })
      .where(and(eq(videos.id, videoId), isNotNull(videos.charge), isNull(videos.chargeReturnedAt)))
      .returning();
    if (!video) return;
    if (video.charge === "credit" && video.userId) {
      await tx
        .update(users)
        .set({ credits: sql`${users.credits} + 1` })
        .where(eq(users.id, video.userId));
    }
    if (video.charge === "trial" && video.anonymousSessionId) {
      await tx
        .update(anonymousSessions)
        .set({ videosProcessed: sql`greatest(${anonymousSessions.videosProcessed} - 1, 0)` })
        .where(eq(anonymousSessions.id, video.anonymousSessionId));
    }
    if (video.charge === "trial" && video.chargedIpBlock) {
      await tx
        .update(trialIpUsage)
        .set({ videosProcessed: sql`greatest(${trialIpUsage.videosProcessed} - 1, 0)` })
        .where(eq(trialIpUsage.ipBlock, video.chargedIpBlock));
    }
  });
}
