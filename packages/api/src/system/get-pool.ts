import type { EncoderPool } from "@wr/contracts";
import type { ServiceContext } from "../context";

/** The encoder pool: live nodes with their encoders and jobs, the queue's depth, jobs running. */
export async function getPool({ ctx }: { ctx: ServiceContext }): Promise<EncoderPool> {
  const [nodes, stats] = await Promise.all([ctx.queue.nodes(), ctx.queue.stats()]);
  return { nodes, queueDepth: stats.waiting, jobsRunning: stats.active };
}
