import { ERROR_CODES, type ErrorCode } from "@wr/contracts";

/**
 * An error a user may see: a kind that transports map to a status, a message written for the
 * user, and optional extra fields for the response body (e.g. details, freeTrialInfo).
 * (Not named `code`: Elysia treats an error's `code` of "NOT_FOUND" as its own route miss.)
 */
export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly kind: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Seconds a client should wait before trying again (429, 503): the Retry-After header. */
    readonly retry: { retryAfter?: number } = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_CODES[this.kind];
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError("BAD_REQUEST", message, extra);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const gone = (message: string) => new AppError("GONE", message);
export const unavailable = (message: string) => new AppError("UNAVAILABLE", message);
