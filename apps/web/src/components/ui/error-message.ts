import { TRPCClientError } from "@trpc/client";
import { apiError } from "../../lib/trpc";

/** The generic message for an exception that carries no text of its own (SPEC.md §8). */
export const GENERIC_ERROR = "An error occurred. Please try again.";

/**
 * The text to show for a failed call: the server's message (a validation failure's first
 * issue rather than its JSON), else `fallback` when the server answered without one, else
 * the exception's own message, else GENERIC_ERROR.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const message = firstIssue(apiError(error).message).trim();
  if (message) return message;
  const serverAnswered = error instanceof TRPCClientError && error.data !== undefined;
  return serverAnswered ? fallback : GENERIC_ERROR;
}

/** tRPC reports a zod input error as the JSON of its issues; keep the first issue's message. */
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
