import { AppError } from "@wr/api";
import { MESSAGES } from "@wr/contracts";

/** The one place errors become REST answers: `{ success: false, error, ...extra }`. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json(
      { success: false, error: error.message, ...error.extra },
      { status: error.status },
    );
  }
  console.error("Unexpected error:", error);
  return Response.json({ success: false, error: MESSAGES.internal }, { status: 500 });
}
