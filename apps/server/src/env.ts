import { flag, parseEnv, serviceEnvShape } from "@wr/api";
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const serverEnvSchema = serviceEnvShape
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /** Run jobs inside the server. Default: yes with the in-process queue, no with Redis. */
    EMBEDDED_WORKER: z.enum(["true", "false", "auto"]).default("auto"),
    SWEEP_INTERVAL_S: z.coerce.number().positive().default(30),
    WEB_DIR: z.string().optional(),
    /** Believe X-Forwarded-For (its last entry): only behind a proxy that sets it. */
    TRUST_PROXY: flag(false),
    /** The first administrator, created or promoted at start-up. */
    ADMIN_EMAIL: optional,
    ADMIN_PASSWORD: optional,
    ADMIN_NAME: optional,
  })
  .transform((env) => ({
    ...env,
    embeddedWorker:
      env.EMBEDDED_WORKER === "auto" ? !env.REDIS_URL : env.EMBEDDED_WORKER === "true",
  }));

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function loadServerEnv(source: Record<string, unknown> = process.env): ServerEnv {
  return parseEnv(serverEnvSchema, source);
}
