import { type FreeTrialInfo, fingerprintSchema, TRIAL_MESSAGES } from "@wr/contracts";
import { type AnonymousSession, anonymousSessions, type Db } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import type { Transaction } from "../db-types";
import { badRequest } from "../errors";
import { trialInfo } from "./trial-info";

/** A guest's fingerprint, checked: every guest call that counts needs one. */
export function requireFingerprint(fingerprint: string | null): string {
  const parsed = fingerprintSchema.safeParse(fingerprint);
  if (!parsed.success) throw badRequest(TRIAL_MESSAGES.fingerprintRequired);
  return parsed.data;
}

/** `db` may be a transaction's handle: inside one, PGlite serves no other connection. */
export async function findTrialSession(
  db: Db | Transaction,
  fingerprint: string,
): Promise<AnonymousSession | null> {
  const [session] = await db
    .select()
    .from(anonymousSessions)
    .where(eq(anonymousSessions.fingerprint, fingerprint))
    .limit(1);
  return session ?? null;
}

export async function getTrialStatus({
  ctx,
  fingerprint,
}: {
  ctx: ServiceContext;
  fingerprint: string | null;
}): Promise<FreeTrialInfo> {
  return trialInfo(ctx, await findTrialSession(ctx.db, requireFingerprint(fingerprint)));
}
