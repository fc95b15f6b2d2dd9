import { type Video, videos } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";

export async function findVideoById(ctx: ServiceContext, id: string): Promise<Video | null> {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return video ?? null;
}
