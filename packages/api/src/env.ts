import { randomBytes } from "node:crypto";
import { DEFAULT_PACKAGES, paymentPackageSchema } from "@wr/contracts";
import { z } from "zod";
import type { AppConfig } from "./config";
import { type JazzCashConfig, jazzCashConfig } from "./payments/jazzcash";

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);
/** A setting that may be absent; blank counts as absent. */
const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** "true"/"false" (also 1/0, yes/no) in the environment. */
export const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .default(fallback ? "true" : "false")
    .transform((value) => ["true", "1", "yes"].includes(value));

/** Settings shared by the server and the encoder; each app's env.ts extends and parses it. */
export const serviceEnvShape = z.object({
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  QUEUE_NAME: z.string().min(1).default("video-processing"),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(500),
  MAX_DIMENSION: z.coerce.number().int().positive().default(3840),
  MAX_DURATION_S: seconds(600),
  PROBE_TIMEOUT_S: seconds(30),
  JOB_TIMEOUT_S: seconds(1800),
  DETECT_TIMEOUT_S: seconds(120),
  PROCESS_WAIT_S: seconds(1800),
  RESULT_LIFETIME_S: seconds(300),
  UPLOAD_LIFETIME_S: seconds(3600),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Shared by the server and its encoder nodes; enables the internal API they use. */
  ENCODER_TOKEN: optionalUrl.refine((token) => token === undefined || token.length >= 16, {
    message: "ENCODER_TOKEN must be at least 16 characters",
  }),
  /** A job whose worker stops renewing its lock this long is handed to another worker. */
  JOB_LOCK_S: seconds(30),
  /** How often an encoder node announces itself; it leaves the pool after three missed beats. */
  HEARTBEAT_S: seconds(10),
  FREE_TRIAL_LIMIT: z.coerce.number().int().min(0).default(2),
  FREE_TRIAL_IP_LIMIT: z.coerce.number().int().min(0).default(10),
  CREDITS_REQUIRED: flag(false),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_WINDOW_S: seconds(900),
  PAYMENT_PROVIDER: z.enum(["sandbox", "jazzcash"]).default("sandbox"),
  PAYMENT_SECRET: z
    .string()
    .min(16, "PAYMENT_SECRET must be at least 16 characters")
    .default(randomBytes(32).toString("hex")),
  PAYMENT_PACKAGES: z
    .string()
    .optional()
    .transform((text, issue) => {
      if (!text?.trim()) return DEFAULT_PACKAGES;
      const parsed = z.array(paymentPackageSchema).min(1).safeParse(safeJson(text));
      if (parsed.success) return parsed.data;
      issue.addIssue({
        code: "custom",
        message: "PAYMENT_PACKAGES must be a JSON list of {id, name, price, credits}",
      });
      return z.NEVER;
    }),
  PUBLIC_URL: optionalUrl,
  JAZZCASH_MERCHANT_ID: optionalUrl,
  JAZZCASH_PASSWORD: optionalUrl,
  JAZZCASH_INTEGRITY_SALT: optionalUrl,
  JAZZCASH_CHECKOUT_URL: optionalUrl,
  JAZZCASH_INQUIRY_URL: optionalUrl,
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type ServiceEnv = z.infer<typeof serviceEnvShape>;

export function toAppConfig(env: ServiceEnv): AppConfig {
  return {
    dataDir: env.DATA_DIR,
    maxUploadMb: env.MAX_UPLOAD_MB,
    maxDimension: env.MAX_DIMENSION,
    maxDurationS: env.MAX_DURATION_S,
    maxFps: 120,
    probeTimeoutMs: env.PROBE_TIMEOUT_S * 1000,
    jobTimeoutMs: env.JOB_TIMEOUT_S * 1000,
    detectTimeoutMs: env.DETECT_TIMEOUT_S * 1000,
    processWaitMs: env.PROCESS_WAIT_S * 1000,
    resultLifetimeMs: env.RESULT_LIFETIME_S * 1000,
    uploadLifetimeMs: env.UPLOAD_LIFETIME_S * 1000,
    freeTrialLimit: env.FREE_TRIAL_LIMIT,
    freeTrialIpLimit: env.FREE_TRIAL_IP_LIMIT,
    creditsRequired: env.CREDITS_REQUIRED,
    encoderToken: env.ENCODER_TOKEN ?? null,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      packages: env.PAYMENT_PACKAGES,
      secret: env.PAYMENT_SECRET,
      publicUrl: env.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
      jazzcash: env.PAYMENT_PROVIDER === "jazzcash" ? jazzCashFromEnv(env) : null,
    },
    login: {
      maxPerEmail: env.LOGIN_MAX_PER_EMAIL,
      maxPerIp: env.LOGIN_MAX_PER_IP,
      windowMs: env.LOGIN_WINDOW_S * 1000,
    },
  };
}

function jazzCashFromEnv(env: ServiceEnv): JazzCashConfig {
  const { JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD, JAZZCASH_INTEGRITY_SALT } = env;
  if (!JAZZCASH_MERCHANT_ID || !JAZZCASH_PASSWORD || !JAZZCASH_INTEGRITY_SALT) {
    throw new Error(
      "PAYMENT_PROVIDER=jazzcash needs JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD and JAZZCASH_INTEGRITY_SALT",
    );
  }
  return jazzCashConfig({
    merchantId: JAZZCASH_MERCHANT_ID,
    password: JAZZCASH_PASSWORD,
    integritySalt: JAZZCASH_INTEGRITY_SALT,
    checkoutUrl: env.JAZZCASH_CHECKOUT_URL,
    inquiryUrl: env.JAZZCASH_INQUIRY_URL,
  });
}

/** Parses an environment, turning zod's issues into one readable line per bad setting. */
export function parseEnv<T extends z.ZodType>(
  schema: T,
  source: Record<string, unknown>,
): z.infer<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
}
