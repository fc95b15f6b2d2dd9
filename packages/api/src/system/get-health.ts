import type { EncoderPool } from "@wr/contracts";
import type { ServiceContext } from "../context";
import { getPool } from "./get-pool";

export type Health = {
  status: "ok" | "degraded";
  ffmpeg: { available: boolean; version: string | null };
  queue: { kind: string; ok: boolean; waiting: number; active: number };
  pool: EncoderPool;
};

/** The state the SPA's badge and operators read: can we encode, is the queue reachable, who works. */
export async function getHealth({
  ctx,
  ffmpegVersion,
}: {
  ctx: ServiceContext;
  ffmpegVersion: () => Promise<string | null>;
}): Promise<Health> {
  const [version, queue, pool] = await Promise.all([
    ffmpegVersion(),
    ctx.queue.stats(),
    getPool({ ctx }),
  ]);
  return {
    status: version && queue.ok ? "ok" : "degraded",
    ffmpeg: { available: version !== null, version },
    queue,
    pool,
  };
}
