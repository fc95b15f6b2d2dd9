import { describe, expect, test } from "bun:test";
import { InProcessQueue, PermanentJobError } from "../src";

describe("InProcessQueue", () => {
  test("runs at most `concurrency` jobs at once and runs each once", async () => {
    const queue = new InProcessQueue();
    let running = 0;
    let peak = 0;
    const done: string[] = [];
    queue.startWorker(
      async (id) => {
        running++;
        peak = Math.max(peak, running);
        await Bun.sleep(20);
        running--;
        done.push(id);
      },
      { concurrency: 2 },
    );
    await Promise.all(["a", "b", "c", "d", "e", "a"].map((id) => queue.enqueue(id)));
    while (done.length < 5) await Bun.sleep(10);
    await queue.close();
    expect(peak).toBe(2);
    expect(done.sort()).toEqual(["a", "b", "c", "d", "e"]);
  });

  test("retries a failing job, but not one that failed permanently", async () => {
    const queue = new InProcessQueue();
    const attempts: Record<string, number[]> = { flaky: [], bad: [] };
    queue.startWorker(
      async (id, job) => {
        attempts[id]?.push(job.attempt);
        if (id === "bad") throw new PermanentJobError("bad input");
        if (job.attempt < 2) throw new Error("transient");
      },
      { concurrency: 1 },
    );
    await queue.enqueue("flaky");
    await queue.enqueue("bad");
    for (let i = 0; i < 100 && attempts.flaky?.length !== 2; i++) await Bun.sleep(50);
    await queue.close();
    expect(attempts.flaky).toEqual([1, 2]);
    expect(attempts.bad).toEqual([1]);
  });
});
