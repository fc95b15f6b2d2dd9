import type { ThrottleLimits } from "./auth/login-throttle";

/** Settings the services need; each app reads them from its environment in its own env.ts. */
export type AppConfig = {
  dataDir: string;
  maxUploadMb: number;
  maxDimension: number;
  maxDurationS: number;
  maxFps: number;
  probeTimeoutMs: number;
  jobTimeoutMs: number;
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
  login: ThrottleLimits;
};
