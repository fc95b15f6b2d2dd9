import { BullmqQueue } from "./bullmq-queue";
import { InProcessQueue } from "./in-process-queue";
import type { JobQueue, QueueTiming } from "./job-queue";

export * from "./job-queue";
export { newNodeIdentity } from "./node-snapshot";
export { BullmqQueue, InProcessQueue };

/** BullMQ when a Redis URL is configured, the in-process runner otherwise. */
export function createQueue(options: {
  redisUrl?: string;
  queueName: string;
  timing?: Partial<QueueTiming>;
}): JobQueue {
  return options.redisUrl
    ? new BullmqQueue(options.redisUrl, options.queueName, options.timing)
    : new InProcessQueue();
}
