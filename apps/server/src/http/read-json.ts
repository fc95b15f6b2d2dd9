import { badRequest } from "@wr/api";
import type { z } from "zod";

/** A JSON body checked against its contract schema; the first problem becomes a 400. */
export async function readJson<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  const body = await request.json().catch(() => {
    throw badRequest("Send a JSON body");
  });
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  // Contract schemas word their own messages for users (SPEC.md §5): pass the first one on.
  throw badRequest(parsed.error.issues[0]?.message ?? "Invalid request");
}
