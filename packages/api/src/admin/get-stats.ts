import type { AdminStats } from "@wr/contracts";
import { anonymousSessions, users, videos } from "@wr/db";
import { count, eq, ne } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { getPool } from "../system/get-pool";

/** The admin's overview: accounts, processed videos (by the owner's subscription), trials, pool. */
export async function getStats({ ctx }: { ctx: ServiceContext }): Promise<AdminStats> {
  const processed = ne(videos.status, "uploaded");
  const [[usersRow], [activeRow], [videosRow], [trialsRow], bySubscription, pool] =
    await Promise.all([
      ctx.db.select({ total: count() }).from(users),
      ctx.db.select({ total: count() }).from(users).where(eq(users.isActive, true)),
      ctx.db.select({ total: count() }).from(videos).where(processed),
      ctx.db.select({ total: count() }).from(anonymousSessions),
      ctx.db
        .select({ subscription: users.subscription, total: count() })
        .from(videos)
        .innerJoin(users, eq(videos.userId, users.id))
        .where(processed)
        .groupBy(users.subscription),
      getPool({ ctx }),
    ]);
  return {
    totalUsers: usersRow?.total ?? 0,
    totalVideos: videosRow?.total ?? 0,
    activeUsers: activeRow?.total ?? 0,
    freeTrials: trialsRow?.total ?? 0,
    videosBySubscription: bySubscription.map((row) => ({
      _id: row.subscription,
      count: row.total,
    })),
    pool,
  };
}
