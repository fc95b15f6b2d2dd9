import type { Db } from "@wr/db";
import type { JobQueue } from "@wr/queue";
import type { LoginThrottle } from "./auth/login-throttle";
import type { AppConfig } from "./config";
import type { PaymentProvider } from "./payments/provider";
import type { Storage } from "./storage";

/** What every service verb gets: the database, the job queue, file storage, settings, throttles. */
export type ServiceContext = {
  db: Db;
  queue: JobQueue;
  storage: Storage;
  config: AppConfig;
  loginThrottle: LoginThrottle;
  payments: PaymentProvider;
};
