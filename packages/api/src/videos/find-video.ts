import { MESSAGES, STORED_NAME_PATTERN } from "@wr/contracts";
import { type Video, videos } from "@wr/db";
import { eq } from "drizzle-orm";
import { type Actor, requireUser } from "../auth/actor";
import type { ServiceContext } from "../context";
import { AppError, notFound } from "../errors";

export async function findVideoById(ctx: ServiceContext, id: string): Promise<Video | null> {
  const [video] = await ctx.db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return video ?? null;
}

/**
 * The caller's upload, by the name the server gave it, still waiting to be processed. A name
 * the server never makes, an unknown or deleted upload and someone else's upload are all the
 * same 404; an upload already used by a job is 409. A user must still be active, and a token
 * that has expired is a 401, not a guest.
 */
export async function findUploadToProcess(
  ctx: ServiceContext,
  actor: Actor,
  filename: string,
): Promise<Video> {
  if (actor.kind === "user" || actor.expiredToken) requireUser(actor);
  if (!STORED_NAME_PATTERN.test(filename)) throw notFound(MESSAGES.videoNotFound);
  const [video] = await ctx.db
    .select()
    .from(videos)
    .where(eq(videos.uploadFilename, filename))
    .limit(1);
  const ownedByOther = video?.userId && (actor.kind !== "user" || actor.user.id !== video.userId);
  if (!video || video.uploadDeletedAt || ownedByOther) throw notFound(MESSAGES.videoNotFound);
  if (video.status !== "uploaded") throw new AppError("CONFLICT", MESSAGES.alreadyProcessed);
  return video;
}
