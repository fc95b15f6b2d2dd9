import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@wr/db/testing";

export const ROOT = join(import.meta.dir, "..", "..", "..", "..");
export const TEST_REDIS_URL = "redis://127.0.0.1:6379";

export type Mode = { database: "pglite" | "postgres"; queue: "in-process" | "bullmq" };

/**
 * Settings every test server gets unless the caller's env says otherwise: a free trial large
 * enough that tests which process videos as guests never meet its limits.
 */
export const DEFAULT_TEST_ENV: Record<string, string> = {
  FREE_TRIAL_LIMIT: "1000000",
  FREE_TRIAL_IP_LIMIT: "1000000",
};

export type RunningServer = {
  url: string;
  dataDir: string;
  /** Kills the processes at once (SIGKILL), as a crash would, keeping data and database. */
  crash(): Promise<void>;
  /** Set when the server runs on PostgreSQL: the tests may look at the rows. */
  databaseUrl: string | null;
  logs(): string;
  stop(): Promise<void>;
  /** The settings the server got (an encoder started by startEncoder gets them too). */
  env: Record<string, string | undefined>;
  /** Starts one more encoder process on this server's queue, stopped with the server. */
  startEncoder(env?: Record<string, string | undefined>): EncoderProcess;
};

export type EncoderProcess = {
  pid: number;
  /** What it printed so far, stdout and stderr. */
  logs(): string;
  kill(signal: "SIGTERM" | "SIGKILL"): void;
  exited: Promise<number>;
};

type Child = ReturnType<typeof Bun.spawn>;

/**
 * Starts the real server as its own process (and, with BullMQ, `encoders` separate encoder
 * processes, one unless told), on a fresh data folder, database and queue name, listening on a
 * free port.
 * An env value of undefined removes that setting (e.g. to get the server's own default).
 */
export async function startServer(
  mode: Mode,
  env: Record<string, string | undefined> = {},
  options: { dataDir?: string; encoders?: number } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "wr-test-")));
  const database: TestDatabase | null =
    mode.database === "postgres" ? await createTestDatabase() : null;
  const shared: Record<string, string | undefined> = {
    ...DEFAULT_TEST_ENV,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(mode.queue === "bullmq"
      ? { REDIS_URL: TEST_REDIS_URL, QUEUE_NAME: `test-${crypto.randomUUID()}` }
      : {}),
    ...env,
  };
  let log = "";
  const children: Child[] = [];
  const spawn = (entry: string, args: string[] = [], extra: Record<string, unknown> = {}) => {
    const childEnv: Record<string, string | undefined> = {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      ...shared,
      ...extra,
    };
    for (const [name, value] of Object.entries(childEnv)) {
      if (value === undefined) delete childEnv[name];
    }
    const child = Bun.spawn([process.execPath, join(ROOT, entry), ...args], {
      cwd: ROOT,
      env: childEnv,
      stdout: "pipe",
      stderr: "pipe",
    });
    children.push(child);
    return child;
  };
  const stop = async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.race([Promise.all(children.map((c) => c.exited)), Bun.sleep(10_000)]);
    for (const child of children) child.kill("SIGKILL");
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const server = spawn("apps/server/src/main.ts");
    const collect = async (stream: ReadableStream<Uint8Array>, onText?: (text: string) => void) => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) {
        const text = decoder.decode(chunk, { stream: true });
        log += text;
        onText?.(text);
      }
    };
    const port = new Promise<number>((resolve, reject) => {
      let seen = "";
      void collect(server.stdout as ReadableStream<Uint8Array>, (text) => {
        seen += text;
        const match = /listening on http:\/\/localhost:(\d+)/.exec(seen);
        if (match) resolve(Number(match[1]));
      });
      void collect(server.stderr as ReadableStream<Uint8Array>);
      void server.exited.then((code) => reject(new Error(`server exited (${code}):\n${log}`)));
      setTimeout(() => reject(new Error(`server did not start in 90 s:\n${log}`)), 90_000);
    });
    const url = `http://127.0.0.1:${await port}`;
    const startEncoder = (extra: Record<string, string | undefined> = {}): EncoderProcess => {
      const encoder = spawn("apps/encoder/src/main.ts", [], extra);
      let own = "";
      const keep = (text: string) => {
        own += text;
      };
      void collect(encoder.stdout as ReadableStream<Uint8Array>, keep);
      void collect(encoder.stderr as ReadableStream<Uint8Array>, keep);
      return {
        pid: encoder.pid,
        logs: () => own,
        kill: (signal) => encoder.kill(signal),
        exited: encoder.exited,
      };
    };
    const encoders = options.encoders ?? (mode.queue === "bullmq" ? 1 : 0);
    for (let i = 0; i < encoders; i++) startEncoder();
    const crash = async () => {
      for (const child of children) child.kill("SIGKILL");
      await Promise.all(children.map((child) => child.exited));
    };
    return {
      url,
      dataDir,
      databaseUrl: database?.url ?? null,
      logs: () => log,
      stop,
      crash,
      env: shared,
      startEncoder,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
