import { BullmqQueue } from "./bullmq-queue";
import { InProcessQueue } from "./in-process-queue";
import type { JobQueue } from "./job-queue";

export * from "./job-queue";
export { BullmqQueue, InProcessQueue };

/** BullMQ when a Redis URL is configured, the in-process runner otherwise. */
export function createQueue(options: { redisUrl?: string; queueName: string }): JobQueue {
  return options.redisUrl
    ? new BullmqQueue(options.redisUrl, options.queueName)
    : new InProcessQueue();
}
