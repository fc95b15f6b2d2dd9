import { afterEach, describe, expect, test } from "bun:test";
import { BullmqQueue, PermanentJobError } from "../src";

const REDIS_URL = "redis://127.0.0.1:6379";
const queues: BullmqQueue[] = [];
const newQueue = () => {
  const queue = new BullmqQueue(REDIS_URL, `test-${crypto.randomUUID()}`);
  queues.push(queue);
  return queue;
};
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
});

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(25);
  }
}

describe("BullmqQueue on the real Redis", () => {
  test("runs each video once even when it is enqueued twice, and reports progress", async () => {
    const queue = newQueue();
    const runs: string[] = [];
    queue.startWorker(
      async (videoId, job) => {
        await job.reportProgress(50);
        runs.push(videoId);
      },
      { concurrency: 2 },
    );
    await queue.enqueue("video-a");
    await queue.enqueue("video-a");
    await queue.enqueue("video-b");
    await until(() => runs.length === 2);
    await Bun.sleep(300);
    expect(runs.sort()).toEqual(["video-a", "video-b"]);
    const stats = await queue.stats();
    expect(stats).toMatchObject({ kind: "bullmq", ok: true, waiting: 0, active: 0 });
  });

  test("a permanent failure is not retried; a transient one is", async () => {
    const queue = newQueue();
    const attempts: Record<string, number[]> = { bad: [], flaky: [] };
    queue.startWorker(
      async (videoId, job) => {
        attempts[videoId]?.push(job.attempt);
        if (videoId === "bad") throw new PermanentJobError("not a video");
        if (job.attempt === 1) throw new Error("disk hiccup");
      },
      { concurrency: 1 },
    );
    await queue.enqueue("bad");
    await queue.enqueue("flaky");
    await until(() => attempts.flaky?.length === 2);
    expect(attempts.bad).toEqual([1]);
    expect(attempts.flaky).toEqual([1, 2]);
  }, 30_000);

  test("enqueue fails fast with a clear error when Redis is unreachable", async () => {
    const queue = new BullmqQueue("redis://127.0.0.1:1", `test-${crypto.randomUUID()}`);
    queues.push(queue);
    const started = Date.now();
    await expect(queue.enqueue("video")).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await queue.stats()).ok).toBe(false);
  }, 30_000);
});

describe("the pool and shutdown on the real Redis", () => {
  const identity = (id: string) => ({
    id,
    hostname: "test-host",
    mode: "shared" as const,
    encoders: ["libx264" as const],
    chosen: "libx264" as const,
    startedAt: new Date().toISOString(),
  });

  test("a worker announces itself with its running jobs and leaves the pool when it closes", async () => {
    const name = `test-${crypto.randomUUID()}`;
    const worker = new BullmqQueue(REDIS_URL, name, { heartbeatMs: 200 });
    const observer = new BullmqQueue(REDIS_URL, name);
    queues.push(worker, observer);
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    worker.startWorker(() => blocked, { concurrency: 2, node: identity("node-1") });
    await worker.enqueue("video-a");
    const running = async () => (await observer.nodes())[0]?.currentJobs.length === 1;
    await until(running);
    expect(await observer.nodes()).toEqual([
      expect.objectContaining({ id: "node-1", concurrency: 2, currentJobs: ["video-a"] }),
    ]);
    release();
    await worker.close();
    expect(await observer.nodes()).toEqual([]);
  }, 30_000);

  test("closing with a grace period hands a job that outlives it back, without using an attempt", async () => {
    const name = `test-${crypto.randomUUID()}`;
    const first = new BullmqQueue(REDIS_URL, name);
    const second = new BullmqQueue(REDIS_URL, name);
    queues.push(first, second);
    const seen: { worker: string; attempt: number; reason?: string }[] = [];
    first.startWorker(
      (_videoId, job) =>
        new Promise<void>((_, reject) => {
          seen.push({ worker: "first", attempt: job.attempt });
          job.signal.addEventListener("abort", () => {
            seen.push({ worker: "first", attempt: job.attempt, reason: job.signal.reason.name });
            reject(job.signal.reason);
          });
        }),
      { concurrency: 1 },
    );
    await first.enqueue("video");
    await until(() => seen.length === 1);
    await first.close({ graceMs: 300 });
    second.startWorker(
      async (_videoId, job) => {
        seen.push({ worker: "second", attempt: job.attempt });
      },
      { concurrency: 1 },
    );
    await until(() => seen.length === 3);
    expect(seen).toEqual([
      { worker: "first", attempt: 1 },
      { worker: "first", attempt: 1, reason: "JobHandedBack" },
      { worker: "second", attempt: 1 },
    ]);
  }, 30_000);
});
