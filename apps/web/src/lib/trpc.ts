import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@wr/api";
import { authHeaders } from "./auth-headers";

/** The typed API client: every procedure of the server, with its input and output types. */
export const trpc = createTRPCClient<AppRouter>({
  links: [httpLink({ url: "/api/trpc", headers: authHeaders })],
});

/** The server's message and extra fields (needsAuth, freeTrialInfo, ...) of a failed call. */
export function apiError(error: unknown): { message: string; extra: Record<string, unknown> } {
  if (error instanceof TRPCClientError) {
    const data = error.data as { extra?: Record<string, unknown> } | undefined;
    return { message: error.message, extra: data?.extra ?? {} };
  }
  return { message: error instanceof Error ? error.message : String(error), extra: {} };
}
