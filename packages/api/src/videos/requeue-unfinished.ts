import { videos } from "@wr/db";
import { inArray } from "drizzle-orm";
import type { ServiceContext } from "../context";

/**
 * For the in-process runner, whose queue lives in memory: jobs a restart interrupted are
 * queued again from their rows. Returns their ids.
 */
export async function requeueUnfinished(ctx: ServiceContext): Promise<string[]> {
  const unfinished = await ctx.db
    .update(videos)
    .set({ status: "queued", progress: 0 })
    .where(inArray(videos.status, ["queued", "processing"]))
    .returning({ id: videos.id });
  for (const { id } of unfinished) await ctx.queue.enqueue(id);
  return unfinished.map(({ id }) => id);
}
