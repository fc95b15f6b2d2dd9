import { videos } from "@wr/db";
import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { ServiceContext } from "../context";

/** Scratch files older than this belong to no running job. */
const ORPHAN_GRACE_MS = 60_000;

/**
 * Keeps the retention promise of the legal text, durably: runs on a timer and at start-up,
 * so whatever a restart interrupted is removed too. Returns how many files it removed.
 */
export async function sweepFiles(ctx: ServiceContext, now = new Date()): Promise<number> {
  const removed = await Promise.all([
    removeExpiredResults(ctx, now),
    removeSpentUploads(ctx, now),
    removeOrphans(ctx, now),
  ]);
  return removed.reduce((sum, count) => sum + count, 0);
}

async function removeExpiredResults(ctx: ServiceContext, now: Date): Promise<number> {
  const expired = await ctx.db
    .select({ id: videos.id, resultFilename: videos.resultFilename })
    .from(videos)
    .where(
      and(
        isNotNull(videos.resultFilename),
        isNull(videos.resultDeletedAt),
        lt(videos.resultExpiresAt, now),
      ),
    );
  for (const video of expired) {
    const path = ctx.storage.pathOf("results", video.resultFilename ?? "");
    if (path) await ctx.storage.remove(path);
    await ctx.db.update(videos).set({ resultDeletedAt: now }).where(eq(videos.id, video.id));
  }
  return expired.length;
}

/** Uploads of finished jobs (left by a restart) and uploads never processed in time. */
async function removeSpentUploads(ctx: ServiceContext, now: Date): Promise<number> {
  const staleBefore = new Date(now.getTime() - ctx.config.uploadLifetimeMs);
  const spent = await ctx.db
    .select({ id: videos.id, uploadFilename: videos.uploadFilename })
    .from(videos)
    .where(
      and(
        isNull(videos.uploadDeletedAt),
        or(
          inArray(videos.status, ["completed", "failed"]),
          and(eq(videos.status, "uploaded"), lt(videos.createdAt, staleBefore)),
        ),
      ),
    );
  for (const video of spent) {
    const path = ctx.storage.pathOf("uploads", video.uploadFilename);
    if (path) await ctx.storage.remove(path);
    await ctx.db.update(videos).set({ uploadDeletedAt: now }).where(eq(videos.id, video.id));
  }
  return spent.length;
}

/** Files no row accounts for: a crash between writing a file and recording it. */
async function removeOrphans(ctx: ServiceContext, now: Date): Promise<number> {
  const cutoff = now.getTime() - Math.max(ORPHAN_GRACE_MS, ctx.config.jobTimeoutMs);
  const [uploads, results, scratch] = await Promise.all([
    ctx.storage.list("uploads"),
    ctx.storage.list("results"),
    ctx.storage.list("tmp"),
  ]);
  const old = (files: typeof uploads) => files.filter((file) => file.mtimeMs < cutoff);
  const liveUploads = await knownNames(
    ctx,
    "upload",
    old(uploads).map((f) => f.name),
  );
  const liveResults = await knownNames(
    ctx,
    "result",
    old(results).map((f) => f.name),
  );
  const orphans = [
    ...old(uploads).filter((file) => !liveUploads.has(file.name)),
    ...old(results).filter((file) => !liveResults.has(file.name)),
    ...old(scratch),
  ];
  await Promise.all(orphans.map((file) => ctx.storage.remove(file.path)));
  return orphans.length;
}

async function knownNames(
  ctx: ServiceContext,
  kind: "upload" | "result",
  names: string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const column = kind === "upload" ? videos.uploadFilename : videos.resultFilename;
  const deleted = kind === "upload" ? videos.uploadDeletedAt : videos.resultDeletedAt;
  const rows = await ctx.db
    .select({ name: column })
    .from(videos)
    .where(and(inArray(column, names), isNull(deleted)));
  return new Set(rows.map((row) => row.name).filter((name) => name !== null));
}
