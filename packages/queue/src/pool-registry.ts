import { type EncoderNode, encoderNodeSchema } from "@wr/contracts";
import { Redis } from "ioredis";
import type { NodeIdentity } from "./job-queue";
import { withinRedisWait } from "./redis-wait";

/** Beats a node may miss before it leaves the pool. */
const MISSED_BEATS = 3;

/**
 * The encoder pool in Redis: each node keeps a key of its own alive with heartbeats (the key
 * expires when they stop, so a dead node leaves by itself), listed in one set per queue.
 */
export class PoolRegistry {
  readonly #redis: Redis;
  readonly #members: string;
  readonly #prefix: string;

  constructor(redisUrl: string, queueName: string) {
    this.#redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.#redis.on("error", () => {});
    this.#prefix = `wr:pool:${queueName}:node:`;
    this.#members = `wr:pool:${queueName}:nodes`;
  }

  async beat(node: EncoderNode, heartbeatMs: number): Promise<void> {
    await withinRedisWait(
      this.#redis
        .multi()
        .set(this.#prefix + node.id, JSON.stringify(node), "PX", heartbeatMs * MISSED_BEATS)
        .sadd(this.#members, node.id)
        .exec(),
    );
  }

  async leave(node: Pick<NodeIdentity, "id">): Promise<void> {
    await withinRedisWait(
      this.#redis
        .multi()
        .del(this.#prefix + node.id)
        .srem(this.#members, node.id)
        .exec(),
    );
  }

  /** The live nodes; members whose key expired are dropped from the set on the way. */
  async nodes(): Promise<EncoderNode[]> {
    const ids = await withinRedisWait(this.#redis.smembers(this.#members));
    if (ids.length === 0) return [];
    const values = await withinRedisWait(this.#redis.mget(ids.map((id) => this.#prefix + id)));
    const gone = ids.filter((_, i) => values[i] === null);
    if (gone.length > 0) await withinRedisWait(this.#redis.srem(this.#members, ...gone));
    return values
      .map((value) => (value === null ? null : encoderNodeSchema.safeParse(safeJson(value))))
      .filter((parsed) => parsed?.success === true)
      .map((parsed) => parsed.data)
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
