export { blockTrial } from "./admin/block-trial";
export { ensureAdmin } from "./admin/ensure-admin";
export { getStats } from "./admin/get-stats";
export { isUuid } from "./admin/is-uuid";
export { listFreeTrials } from "./admin/list-free-trials";
export { listOrders } from "./admin/list-orders";
export { listUsers } from "./admin/list-users";
export { listVideos } from "./admin/list-videos";
export { setActive } from "./admin/set-active";
export { setCredits } from "./admin/set-credits";
export {
  type Actor,
  type Requester,
  requireAdmin,
  requireUser,
  resolveActor,
  type UserActor,
} from "./auth/actor";
export { login } from "./auth/login";
export { logout } from "./auth/logout";
export { register } from "./auth/register";
export { updateProfile } from "./auth/update-profile";
export type { AppConfig } from "./config";
export type { ServiceContext } from "./context";
export { createServices, type Services } from "./create-services";
export { flag, parseEnv, type ServiceEnv, serviceEnvShape, toAppConfig } from "./env";
export * from "./errors";
export { claimJob } from "./jobs/claim-job";
export { completeJob } from "./jobs/complete-job";
export { failJob, recordProgress, releaseJob } from "./jobs/fail-job";
export type { JobInput, JobSite } from "./jobs/job-site";
export { openJobInput } from "./jobs/open-job-input";
export { requireEncoder } from "./jobs/require-encoder";
export { type RunJobOptions, runJob } from "./jobs/run-job";
export { confirmPayment } from "./payments/confirm-payment";
export { createOrder } from "./payments/create-order";
export * as jazzCash from "./payments/jazzcash";
export { handleJazzCashReturn, showJazzCashRedirect } from "./payments/jazzcash-checkout";
export { listPackages } from "./payments/list-packages";
export type { PaymentProvider } from "./payments/provider";
export { recordTransfer } from "./payments/record-transfer";
export { showSandboxCheckout, submitSandboxCheckout } from "./payments/sandbox-checkout";
export { verifyPayment } from "./payments/verify-payment";
export { sweepFiles } from "./retention/sweep-files";
export { Storage } from "./storage";
export { getHealth, type Health } from "./system/get-health";
export { getPool } from "./system/get-pool";
export { getTrialStatus } from "./trial/get-trial-status";
export { type AppRouter, appRouter } from "./trpc/app-router";
export { handleTrpcRequest, TRPC_ENDPOINT } from "./trpc/handle-request";
export type { TrpcContext } from "./trpc/init";
export { toPublicUser } from "./users/to-public-user";
export { detectAreas } from "./videos/detect-areas";
export { getJobStatus } from "./videos/get-job-status";
export { openResult, type ResultFile } from "./videos/open-result";
export { registerUpload } from "./videos/register-upload";
export { requeueUnfinished } from "./videos/requeue-unfinished";
export { runVideoJob } from "./videos/run-video-job";
export { startProcessing } from "./videos/start-processing";
export { waitForJob } from "./videos/wait-for-job";
