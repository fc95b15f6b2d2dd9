import type { ServiceContext } from "../context";

export type Health = {
  status: "ok" | "degraded";
  ffmpeg: { available: boolean; version: string | null };
  queue: { kind: string; ok: boolean; waiting: number; active: number };
};

/** The state the SPA's badge and operators read: can we encode, and is the queue reachable. */
export async function getHealth({
  ctx,
  ffmpegVersion,
}: {
  ctx: ServiceContext;
  ffmpegVersion: () => Promise<string | null>;
}): Promise<Health> {
  const [version, queue] = await Promise.all([ffmpegVersion(), ctx.queue.stats()]);
  return {
    status: version && queue.ok ? "ok" : "degraded",
    ffmpeg: { available: version !== null, version },
    queue,
  };
}
