import type { PageInput } from "@wr/contracts";
import { users, videos } from "@wr/db";
import { count, desc, eq, ne } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { page } from "./page";

/** Processed (or processing) videos with their owner; uploads never processed are left out. */
export async function listVideos({ ctx, input }: { ctx: ServiceContext; input: PageInput }) {
  const processed = ne(videos.status, "uploaded");
  return page("videos", input, {
    rows: (limit, offset) =>
      ctx.db
        .select({ video: videos, owner: { id: users.id, name: users.name, email: users.email } })
        .from(videos)
        .leftJoin(users, eq(videos.userId, users.id))
        .where(processed)
        .orderBy(desc(videos.createdAt), desc(videos.id))
        .limit(limit)
        .offset(offset),
    total: () => ctx.db.select({ total: count() }).from(videos).where(processed),
    toItem: ({ video, owner }) => ({
      _id: video.id,
      user: owner ? { _id: owner.id, name: owner.name, email: owner.email } : null,
      originalFilename: video.originalFilename,
      method: video.method,
      watermarkCount: video.watermarkCount,
      processingTime: video.processingTime,
      status: video.status,
      error: video.error,
      createdAt: video.createdAt.toISOString(),
    }),
  });
}
