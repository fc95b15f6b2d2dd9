import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeVideo } from "@wr/engine/testing";
import { startWithDatabase, stopAll, type TestEnv, uploadSmall } from "./support/accounts";
import { type Json, trpc } from "./support/client";
import { type EncoderProcess, ROOT } from "./support/server-process";

const TOKEN = `encoder-token-${crypto.randomUUID()}`;
/** Hardware candidates that fail their trial on any machine: no CUDA device, no render node. */
const FAILING_HARDWARE = {
  ENCODER_CANDIDATES: "h264_nvenc,h264_vaapi",
  VAAPI_DEVICE: "/nonexistent/renderD128",
  CUDA_VISIBLE_DEVICES: "-1",
};
/** Short lock and heartbeat, so a killed node's job and the node itself are noticed in seconds. */
const FAST = { JOB_LOCK_S: "3", HEARTBEAT_S: "1", SHUTDOWN_GRACE_S: "20" };
const AREA = { x: 10, y: 10, width: 100, height: 60 };
const SMALL_DURATION_S = 8;

let env: TestEnv;
beforeAll(async () => {
  env = await startWithDatabase({
    ENCODER_TOKEN: TOKEN,
    ...FAST,
    REDIS_URL: "redis://127.0.0.1:6379",
    QUEUE_NAME: `test-${crypto.randomUUID()}`,
    EMBEDDED_WORKER: "false",
  });
}, 120_000);
afterAll(() => stopAll([env]));

const url = () => env.server.url;

async function health(): Promise<Json> {
  return (await fetch(`${url()}/api/health`)).json();
}

async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms: number,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${env.server.logs()}`);
    await Bun.sleep(50);
  }
}

/** The pool entry of an encoder process (its id carries the pid). */
async function nodeOf(encoder: EncoderProcess): Promise<Json> {
  return until(
    `encoder ${encoder.pid} in the pool`,
    async () =>
      (await health()).pool.nodes.find((node: Json) => node.id.includes(`-${encoder.pid}-`)),
    30_000,
  );
}

async function startJobs(count: number): Promise<string[]> {
  const filenames = await Promise.all(Array.from({ length: count }, () => uploadSmall(url())));
  const ids: string[] = [];
  for (const filename of filenames) {
    const started = await trpc(url(), "mutation", "video.process", {
      filename,
      method: "black",
      rectangles: [AREA],
    });
    expect(started.status).toBe(200);
    ids.push(started.body.result.data.jobId);
  }
  return ids;
}

async function rowsOf(ids: string[]) {
  return env.sql`select id, status, error, attempts, encoder_node, video_encoder, result_filename, progress
    from videos where id in ${env.sql(ids)}`;
}

describe("the encoder pool on the real Redis and PostgreSQL", () => {
  test("ten jobs spread over two encoders; one is SIGKILLed mid-job; all ten complete once, with valid outputs", async () => {
    const a = env.server.startEncoder(FAILING_HARDWARE);
    const b = env.server.startEncoder(FAILING_HARDWARE);
    const [nodeA, nodeB] = await Promise.all([nodeOf(a), nodeOf(b)]);
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

    const ids = await startJobs(10);
    // Kill A once it has finished a job and is in the middle of another.
    const victim = await until(
      "encoder A mid-job",
      async () => {
        const rows = await rowsOf(ids);
        const mine = rows.filter((row) => row.encoder_node === nodeA.id);
        const done = mine.some((row) => row.status === "completed");
        return done && mine.find((row) => row.status === "processing" && row.progress > 0);
      },
      60_000,
    );
    a.kill("SIGKILL");
    await a.exited;

    const rows = await until(
      "all ten jobs to end",
      async () => {
        const rows = await rowsOf(ids);
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
    const byNode = new Set(rows.map((row) => row.encoder_node));
    expect(byNode).toEqual(new Set([nodeA.id, nodeB.id]));

    // Each video completed once: ten distinct results, and no other file was published.
    const results = rows.map((row) => String(row.result_filename));
    expect(new Set(results).size).toBe(10);
    expect((await readdir(join(env.server.dataDir, "results"))).sort()).toEqual(
      [...results].sort(),
    );
    for (const name of results) {
      const facts = await describeVideo(join(env.server.dataDir, "results", name));
      expect(facts).toMatchObject({ width: 640, height: 360, videoCodec: "h264" });
      expect(Math.abs(facts.duration - SMALL_DURATION_S)).toBeLessThan(0.2);
    }

    // The dead node leaves the pool once its heartbeats stop; B stays.
    await until(
      "A to leave the pool",
      async () => {
        const ids = (await health()).pool.nodes.map((node: Json) => node.id);
        return !ids.includes(nodeA.id) && ids.includes(nodeB.id);
      },
      15_000,
    );

    // SIGTERM: B stops taking work, leaves the pool and exits cleanly.
    b.kill("SIGTERM");
    expect(await b.exited).toBe(0);
    expect((await health()).pool.nodes.map((node: Json) => node.id)).not.toContain(nodeB.id);
  }, 240_000);

  test("a remote encoder (its own DATA_DIR, no database) completes a job over the internal HTTP API", async () => {
    const ownDir = await mkdtemp(join(tmpdir(), "wr-remote-encoder-"));
    try {
      const remote = env.server.startEncoder({
        DATABASE_URL: undefined,
        DATA_DIR: ownDir,
        SERVER_URL: url(),
        ENCODER_TOKEN: TOKEN,
        ENCODER_CANDIDATES: "none",
      });
      const node = await nodeOf(remote);
      expect(node).toMatchObject({ mode: "remote", encoders: ["libx264"] });

      const filename = await uploadSmall(url());
      const processed = await trpc(url(), "mutation", "video.process", {
        filename,
        method: "blur",
        rectangles: [AREA],
      });
      const jobId = processed.body.result.data.jobId;
      const [row] = await until(
        "the remote job",
        async () => {
          const rows = await rowsOf([jobId]);
          return rows[0]?.status === "completed" && rows;
        },
        60_000,
      );
      expect(row).toMatchObject({ encoder_node: node.id, video_encoder: "libx264", error: null });

      const download = await fetch(`${url()}/api/download/${row?.result_filename}`);
      expect(download.status).toBe(200);
      const output = join(ownDir, "downloaded.mp4");
      await Bun.write(output, download);
      const facts = await describeVideo(output);
      expect(facts).toMatchObject({ width: 640, height: 360, videoCodec: "h264" });
      // The node cleans up after itself: no input or output left in its scratch folder.
      expect(await readdir(join(ownDir, "tmp"))).toEqual([]);
      remote.kill("SIGTERM");
      expect(await remote.exited).toBe(0);
    } finally {
      await rm(ownDir, { recursive: true, force: true });
    }
  }, 120_000);

  test("the internal API refuses a wrong or missing encoder token with 401", async () => {
    const refused = { success: false, error: "Unknown encoder token" };
    const someJob = crypto.randomUUID();
    for (const authorization of [`Bearer ${TOKEN}x`, "Bearer short", "", `Basic ${TOKEN}`]) {
      const headers = authorization ? { authorization } : undefined;
      const ping = await fetch(`${url()}/api/internal/ping`, { headers });
      expect({ status: ping.status, body: await ping.json() }).toEqual({
        status: 401,
        body: refused,
      });
      const input = await fetch(`${url()}/api/internal/jobs/${someJob}/input`, { headers });
      expect(input.status).toBe(401);
      const claim = await fetch(`${url()}/api/internal/jobs/${someJob}/claim`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ node: "intruder" }),
      });
      expect(claim.status).toBe(401);
    }
    const ping = await fetch(`${url()}/api/internal/ping`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ping.status).toBe(200);
    // With the right token, what is not a job is 404, and bad bodies a clear 400.
    const auth = { authorization: `Bearer ${TOKEN}` };
    const traversal = await fetch(`${url()}/api/internal/jobs/..%2f..%2fetc%2fpasswd/input`, {
      headers: auth,
    });
    expect(traversal.status).toBe(404);
    const unknown = await fetch(`${url()}/api/internal/jobs/${someJob}/input`, { headers: auth });
    expect(unknown.status).toBe(404);
    const badBody = await fetch(`${url()}/api/internal/jobs/${someJob}/progress`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: "{not json",
    });
    expect(badBody.status).toBe(400);
    // A node started with a wrong token stops at once and says why.
    const intruder = env.server.startEncoder({
      DATABASE_URL: undefined,
      SERVER_URL: url(),
      ENCODER_TOKEN: `${TOKEN}-wrong`,
      ENCODER_CANDIDATES: "none",
    });
    expect(await intruder.exited).toBe(1);
    expect(intruder.logs()).toContain("401");
  }, 60_000);

  test("`encoder probe` with hardware candidates that fail their trial reports libx264 and why", async () => {
    const probe = Bun.spawn([process.execPath, "apps/encoder/src/main.ts", "probe"], {
      cwd: ROOT,
      env: { ...process.env, ...FAILING_HARDWARE },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, code] = await Promise.all([new Response(probe.stdout).text(), probe.exited]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ encoders: ["libx264"], chosen: "libx264" });
    expect(report.trials.map((trial: Json) => [trial.encoder, trial.ok])).toEqual([
      ["h264_nvenc", false],
      ["h264_vaapi", false],
      ["libx264", true],
    ]);
    for (const trial of report.trials.slice(0, 2)) expect(trial.error).toBeTruthy();
  }, 60_000);
});
