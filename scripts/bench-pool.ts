/**
 * The encoder pool's throughput: the same videos through the real server and queue with one,
 * then two encoder processes (remote nodes over the internal API, libx264 or whatever their
 * hardware trial finds). Needs the Redis the tests use (127.0.0.1:6379).
 */
import { trpc, uploadedName } from "../apps/server/test/support/client";
import { startServer, TEST_REDIS_URL } from "../apps/server/test/support/server-process";
import type { MediaInfo, Rectangle } from "../packages/contracts/src/index";
import { probeMedia } from "../packages/engine/src/index";
import { printTable } from "./table";

const LIMITS = { maxDimension: 3840, maxDurationS: 600, maxFps: 120, timeoutMs: 30_000 };
const COPIES = 4;
const WAIT_MS = 15 * 60_000;

type Run = { encoders: number; videos: number; seconds: number };

async function until<T>(what: string, check: () => Promise<T | null | false>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

/** One server, `encoders` encoder processes, every clip COPIES times, timed from the first enqueue. */
async function runPool(
  encoders: number,
  clips: string[],
  rectangles: (media: MediaInfo) => Rectangle[],
): Promise<Run> {
  const token = `bench-${crypto.randomUUID()}`;
  const server = await startServer(
    { database: "pglite", queue: "in-process" },
    {
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_NAME: `bench-${crypto.randomUUID()}`,
      EMBEDDED_WORKER: "false",
      ENCODER_TOKEN: token,
    },
    { encoders: 0 },
  );
  try {
    for (let i = 0; i < encoders; i++) {
      server.startEncoder({ SERVER_URL: server.url, ENCODER_TOKEN: token, HEARTBEAT_S: "1" });
    }
    await until(`${encoders} encoders`, async () => {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
        pool: { nodes: unknown[] };
      };
      return health.pool.nodes.length === encoders;
    });
    const jobs: { filename: string; media: MediaInfo }[] = [];
    for (const clip of clips) {
      const media = await probeMedia(clip, LIMITS);
      for (let i = 0; i < COPIES; i++) {
        jobs.push({ filename: await uploadedName(server.url, clip), media });
      }
    }
    const started = performance.now();
    const ids: string[] = [];
    for (const job of jobs) {
      const answer = await trpc(server.url, "mutation", "video.process", {
        filename: job.filename,
        method: "blur",
        rectangles: rectangles(job.media),
      });
      ids.push(answer.body.result.data.jobId);
    }
    await until("every video", async () => {
      const states = await Promise.all(
        ids.map(async (jobId) => {
          const answer = await trpc(server.url, "query", "video.status", { jobId });
          return answer.body.result.data.status as string;
        }),
      );
      if (states.includes("failed")) throw new Error("a video failed in the pool benchmark");
      return states.every((state) => state === "completed");
    });
    return { encoders, videos: jobs.length, seconds: (performance.now() - started) / 1000 };
  } finally {
    await server.stop();
  }
}

/** Prints videos per minute with one and with two encoder processes, side by side. */
export async function benchPool(
  clips: string[],
  rectangles: (media: MediaInfo) => Rectangle[],
): Promise<void> {
  const runs: Run[] = [];
  for (const encoders of [1, 2]) {
    console.error(`pool: ${encoders} encoder${encoders > 1 ? "s" : ""} ...`);
    runs.push(await runPool(encoders, clips, rectangles));
  }
  const perMinute = (run: Run) => (run.videos / run.seconds) * 60;
  const [one] = runs;
  console.log("\nEncoder pool throughput (blur, the clips above, each 4 times, server + queue):");
  printTable(
    ["encoders", "videos", "seconds", "videos/min", "x one encoder"],
    runs.map((run) => [
      String(run.encoders),
      String(run.videos),
      run.seconds.toFixed(1),
      perMinute(run).toFixed(1),
      one ? (perMinute(run) / perMinute(one)).toFixed(2) : "",
    ]),
  );
}
