import { MESSAGES } from "@wr/contracts";
import { videos } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { gone, notFound } from "../errors";

export type ResultFile = { path: string; size: number; downloadName: string };

/** Resolves a result's name to its file, or says why it cannot be served (404, 410). */
export async function openResult({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { filename: string };
}): Promise<ResultFile> {
  const path = ctx.storage.pathOf("results", input.filename);
  if (!path) throw notFound(MESSAGES.resultNotFound);
  const [video] = await ctx.db
    .select()
    .from(videos)
    .where(eq(videos.resultFilename, input.filename))
    .limit(1);
  if (video?.status !== "completed") throw notFound(MESSAGES.resultNotFound);
  const expired =
    video.resultDeletedAt !== null ||
    (video.resultExpiresAt !== null && video.resultExpiresAt.getTime() <= Date.now());
  const size = expired ? null : await ctx.storage.size(path);
  if (size === null)
    throw gone(MESSAGES.resultExpired(describeDuration(ctx.config.resultLifetimeMs)));
  return { path, size, downloadName: cleanDownloadName(video.originalFilename) };
}

/** "holiday.mov" -> "holiday-clean.mp4": the result is always an MP4. */
export function cleanDownloadName(original: string): string {
  const dot = original.lastIndexOf(".");
  const base = dot > 0 ? original.slice(0, dot) : original;
  return `${base || "video"}-clean.mp4`;
}

/** 300000 -> "5 minutes", 2000 -> "2 seconds". */
export function describeDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 !== 0 || seconds === 0) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = seconds / 60;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
