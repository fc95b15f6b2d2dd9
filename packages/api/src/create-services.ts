import { resolve } from "node:path";
import { openDatabase } from "@wr/db";
import { createQueue } from "@wr/queue";
import { LoginThrottle } from "./auth/login-throttle";
import type { ServiceContext } from "./context";
import { type ServiceEnv, toAppConfig } from "./env";
import { JazzCashProvider } from "./payments/jazzcash";
import { SandboxProvider } from "./payments/sandbox/sandbox-provider";
import { Storage } from "./storage";

export type Services = {
  ctx: ServiceContext;
  /** Stops the queue (running jobs get graceMs, then go back to it) and the database. */
  close(options?: { graceMs?: number }): Promise<void>;
};

/** Opens what the services run on: the database (migrated), file storage and the queue. */
export async function createServices(env: ServiceEnv): Promise<Services> {
  const dataDir = resolve(env.DATA_DIR);
  const storage = new Storage(dataDir);
  await storage.init();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  const queue = createQueue({
    redisUrl: env.REDIS_URL,
    queueName: env.QUEUE_NAME,
    timing: { lockMs: env.JOB_LOCK_S * 1000, heartbeatMs: env.HEARTBEAT_S * 1000 },
  });
  const config = { ...toAppConfig(env), dataDir };
  const ctx: ServiceContext = {
    db: database.db,
    queue,
    storage,
    config,
    loginThrottle: new LoginThrottle(config.login),
    payments: config.payments.jazzcash
      ? new JazzCashProvider(config.payments.jazzcash)
      : new SandboxProvider(database.db, config.payments.secret),
  };
  return {
    ctx,
    async close(options?: { graceMs?: number }) {
      await queue.close(options);
      await database.close();
    },
  };
}
