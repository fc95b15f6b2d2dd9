import { createHash, timingSafeEqual } from "node:crypto";
import { ENCODER_MESSAGES } from "@wr/contracts";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Admits an encoder node to the internal API: `Authorization: Bearer ENCODER_TOKEN`, compared
 * in constant time (as digests, so the length leaks nothing either). Without a configured token
 * the API admits no one. Anything else is 401.
 */
export function requireEncoder(ctx: ServiceContext, authorization: string | null): void {
  const expected = ctx.config.encoderToken;
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!expected || !presented || !timingSafeEqual(digest(presented), digest(expected))) {
    throw new AppError("UNAUTHORIZED", ENCODER_MESSAGES.badToken);
  }
}
