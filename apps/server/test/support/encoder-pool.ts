import { expect } from "bun:test";
import { startWithDatabase, type TestEnv, uploadSmall } from "./accounts";
import { type Json, trpc } from "./client";
import { type EncoderProcess, TEST_REDIS_URL } from "./server-process";

/** Hardware candidates that fail their trial on any machine: no CUDA device, no render node. */
export const FAILING_HARDWARE = {
  ENCODER_CANDIDATES: "h264_nvenc,h264_vaapi",
  VAAPI_DEVICE: "/nonexistent/renderD128",
  CUDA_VISIBLE_DEVICES: "-1",
};
/** Short lock and heartbeat, so a killed node's job and the node itself are noticed in seconds. */
const FAST = { JOB_LOCK_S: "3", HEARTBEAT_S: "1", SHUTDOWN_GRACE_S: "20" };
export const AREA = { x: 10, y: 10, width: 100, height: 60 };

export type PoolServer = ReturnType<typeof poolHelpers>;

/**
 * A server that only enqueues (PostgreSQL, BullMQ on the real Redis, an encoder token) and no
 * encoder yet: tests start theirs with `env.server.startEncoder`.
 */
export async function startPoolServer(): Promise<PoolServer> {
  const token = `encoder-token-${crypto.randomUUID()}`;
  const env = await startWithDatabase({
    ENCODER_TOKEN: token,
    ...FAST,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_NAME: `test-${crypto.randomUUID()}`,
    EMBEDDED_WORKER: "false",
  });
  return poolHelpers(env, token);
}

function poolHelpers(env: TestEnv, token: string) {
  const url = env.server.url;
  const health = async (): Promise<Json> => (await fetch(`${url}/api/health`)).json();

  async function until<T>(
    what: string,
    check: () => Promise<T | null | undefined | false>,
    ms: number,
  ): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}\n${env.server.logs()}`);
      }
      await Bun.sleep(50);
    }
  }

  const rowsOf = (ids: string[]) =>
    env.sql`select id, status, error, attempts, encoder_node, video_encoder, result_filename,
      progress from videos where id in ${env.sql(ids)}`;

  return {
    env,
    url,
    token,
    health,
    until,
    /** The pool entry of an encoder process, once it has announced itself (its id has the pid). */
    nodeOf: (encoder: EncoderProcess): Promise<Json> =>
      until(
        `encoder ${encoder.pid} in the pool`,
        async () =>
          (await health()).pool.nodes.find((node: Json) => node.id.includes(`-${encoder.pid}-`)),
        30_000,
      ),
    /** Uploads the small clip `count` times and starts each (black, one area) over tRPC. */
    async startJobs(count: number): Promise<string[]> {
      const filenames = await Promise.all(Array.from({ length: count }, () => uploadSmall(url)));
      const ids: string[] = [];
      for (const filename of filenames) {
        const started = await trpc(url, "mutation", "video.process", {
          filename,
          method: "black",
          rectangles: [AREA],
        });
        expect(started.status).toBe(200);
        ids.push(started.body.result.data.jobId);
      }
      return ids;
    },
    rowsOf,
    /** The row of one job once `done` says so. */
    rowWhen: (id: string, what: string, done: (row: Json) => boolean, ms = 60_000) =>
      until(
        what,
        async () => {
          const [row] = await rowsOf([id]);
          return row && done(row) ? row : null;
        },
        ms,
      ),
  };
}
