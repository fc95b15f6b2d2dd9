import type { PaymentPackage } from "@wr/contracts";
import type { ThrottleLimits } from "./auth/login-throttle";
import type { JazzCashConfig } from "./payments/jazzcash";

/** Settings the services need; each app reads them from its environment in its own env.ts. */
export type AppConfig = {
  dataDir: string;
  maxUploadMb: number;
  maxDimension: number;
  maxDurationS: number;
  maxFps: number;
  probeTimeoutMs: number;
  jobTimeoutMs: number;
  /** The wall-clock limit of one watermark detection. */
  detectTimeoutMs: number;
  /** How long POST /api/process waits for its job before answering. */
  processWaitMs: number;
  resultLifetimeMs: number;
  /** An upload never processed is removed after this long. */
  uploadLifetimeMs: number;
  /** Videos a guest may process, per fingerprint and per network block of their IP. */
  freeTrialLimit: number;
  freeTrialIpLimit: number;
  /** Whether a signed-in user's processing costs a credit. */
  creditsRequired: boolean;
  /** The secret encoder nodes present to the internal API; null turns that API off. */
  encoderToken: string | null;
  login: ThrottleLimits;
  payments: PaymentsConfig;
};

export type PaymentsConfig = {
  provider: "sandbox" | "jazzcash";
  packages: PaymentPackage[];
  /** Signs what the sandbox gateway returns through the browser (HMAC-SHA256). */
  secret: string;
  /** The public origin for payment pages and return URLs; the request's own when unset. */
  publicUrl: string | null;
  /** Set when the provider is JazzCash. */
  jazzcash: JazzCashConfig | null;
};
