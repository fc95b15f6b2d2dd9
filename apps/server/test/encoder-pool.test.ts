import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describeVideo } from "@wr/engine/testing";
import { stopAll } from "./support/accounts";
import type { Json } from "./support/client";
import { FAILING_HARDWARE, type PoolServer, startPoolServer } from "./support/encoder-pool";

const SMALL_DURATION_S = 8;

let pool: PoolServer;
beforeAll(async () => {
  pool = await startPoolServer();
}, 120_000);
afterAll(() => stopAll([pool?.env]));

test("ten jobs spread over two encoders; one is SIGKILLed mid-job; all ten complete once, with valid outputs", async () => {
  const a = pool.env.server.startEncoder(FAILING_HARDWARE);
  const b = pool.env.server.startEncoder(FAILING_HARDWARE);
  const [nodeA, nodeB] = await Promise.all([pool.nodeOf(a), pool.nodeOf(b)]);
  // Hardware that fails its trial is not used: both nodes announce libx264 only.
  for (const node of [nodeA, nodeB]) {
    expect(node).toMatchObject({
      mode: "shared",
      encoders: ["libx264"],
      chosen: "libx264",
      concurrency: 1,
    });
  }
  expect(a.logs()).toContain("failed their trial: h264_nvenc, h264_vaapi");

  const ids = await pool.startJobs(10);
  // Kill A once it has finished a job and is in the middle of another.
  const victim = await pool.until(
    "encoder A mid-job",
    async () => {
      const mine = (await pool.rowsOf(ids)).filter((row) => row.encoder_node === nodeA.id);
      const done = mine.some((row) => row.status === "completed");
      return done && mine.find((row) => row.status === "processing" && row.progress > 0);
    },
    60_000,
  );
  a.kill("SIGKILL");
  await a.exited;

  const rows = await pool.until(
    "all ten jobs to end",
    async () => {
      const rows = await pool.rowsOf(ids);
      return rows.every((row) => row.status === "completed" || row.status === "failed") && rows;
    },
    150_000,
  );
  expect(rows.map((row) => [row.status, row.error])).toEqual(ids.map(() => ["completed", null]));
  // The job A was killed in was handed to B by stalled-job recovery and completed there.
  const recovered = rows.find((row) => row.id === victim.id);
  expect(recovered).toMatchObject({ encoder_node: nodeB.id, video_encoder: "libx264" });
  expect(recovered?.attempts).toBeGreaterThanOrEqual(2);
  // Both nodes did work.
  expect(new Set(rows.map((row) => row.encoder_node))).toEqual(new Set([nodeA.id, nodeB.id]));

  // Each video completed once: ten distinct results, and no other file was published.
  const results = rows.map((row) => String(row.result_filename));
  expect(new Set(results).size).toBe(10);
  const resultsDir = join(pool.env.server.dataDir, "results");
  expect((await readdir(resultsDir)).sort()).toEqual([...results].sort());
  for (const name of results) {
    const facts = await describeVideo(join(resultsDir, name));
    expect(facts).toMatchObject({ width: 640, height: 360, videoCodec: "h264" });
    expect(Math.abs(facts.duration - SMALL_DURATION_S)).toBeLessThan(0.2);
  }

  // The dead node leaves the pool once its heartbeats stop; B stays.
  await pool.until(
    "A to leave the pool",
    async () => {
      const ids = (await pool.health()).pool.nodes.map((node: Json) => node.id);
      return !ids.includes(nodeA.id) && ids.includes(nodeB.id);
    },
    15_000,
  );
  // SIGTERM: B stops taking work, leaves the pool and exits cleanly.
  b.kill("SIGTERM");
  expect(await b.exited).toBe(0);
  expect((await pool.health()).pool.nodes).toEqual([]);
}, 240_000);

test("SIGTERM mid-job: within the grace period the job finishes; past it, the job goes back to the queue", async () => {
  const running = (row: Json) => row.status === "processing";
  const patient = pool.env.server.startEncoder({ ENCODER_CANDIDATES: "none" });
  const patientNode = await pool.nodeOf(patient);
  const [first = ""] = await pool.startJobs(1);
  await pool.rowWhen(first, "the first job running", running);
  patient.kill("SIGTERM");
  expect(await patient.exited).toBe(0);
  expect((await pool.rowsOf([first]))[0]).toMatchObject({
    status: "completed",
    encoder_node: patientNode.id,
  });

  const hasty = pool.env.server.startEncoder({ ENCODER_CANDIDATES: "none", SHUTDOWN_GRACE_S: "0" });
  const hastyNode = await pool.nodeOf(hasty);
  const [second = ""] = await pool.startJobs(1);
  await pool.rowWhen(second, "the second job running", running);
  hasty.kill("SIGTERM");
  expect(await hasty.exited).toBe(0);
  // Handed back, not failed: the row waits again and the queue has the job.
  expect((await pool.rowsOf([second]))[0]).toMatchObject({
    status: "queued",
    error: null,
    encoder_node: hastyNode.id,
  });
  expect((await pool.health()).pool.queueDepth).toBe(1);

  const next = pool.env.server.startEncoder({ ENCODER_CANDIDATES: "none" });
  const nextNode = await pool.nodeOf(next);
  const done = await pool.rowWhen(second, "the handed-back job", (row) =>
    ["completed", "failed"].includes(row.status),
  );
  expect(done).toMatchObject({ status: "completed", encoder_node: nextNode.id, error: null });
  next.kill("SIGTERM");
  expect(await next.exited).toBe(0);
}, 120_000);
