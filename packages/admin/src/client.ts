import { type TRPCClient, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@wr/api";

/** The typed API client the app passes in (the admin package never imports the app). */
export type AdminClient = TRPCClient<AppRouter>;

type AdminApi = AdminClient["admin"];
type Output<P extends { query: (...args: never[]) => unknown }> = Awaited<ReturnType<P["query"]>>;

export type AdminUser = Output<AdminApi["users"]>["users"][number];
export type AdminVideo = Output<AdminApi["videos"]>["videos"][number];
export type AdminTrial = Output<AdminApi["freeTrials"]>["freeTrials"][number];

/** Rows per page of every admin list (the API's default page size). */
export const PAGE_SIZE = 50;

/** Every admin query key starts with this, so a mutation can refresh them all at once. */
export const ADMIN_KEY = "admin";

/**
 * The server's own message when the server answered with one, otherwise the fallback
 * (network failures and unexpected exceptions get the fixed wording of SPEC.md §8).
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError) || !error.shape) return fallback;
  return firstIssue(error.message).trim() || fallback;
}

/** tRPC reports an input validation error as the JSON of its issues; keep the first message. */
function firstIssue(message: string): string {
  if (!message.startsWith("[")) return message;
  try {
    const issues = JSON.parse(message) as { message?: unknown }[];
    const first = issues.find((issue) => typeof issue?.message === "string");
    return typeof first?.message === "string" ? first.message : message;
  } catch {
    return message;
  }
}
