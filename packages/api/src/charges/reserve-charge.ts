import { type FreeTrialInfo, TRIAL_MESSAGES } from "@wr/contracts";
import { anonymousSessions, trialIpUsage, users, type Video } from "@wr/db";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Actor } from "../auth/actor";
import type { ServiceContext } from "../context";
import type { Transaction } from "../db-types";
import { AppError } from "../errors";
import { findTrialSession, requireFingerprint } from "../trial/get-trial-status";
import { ipBlock } from "../trial/ip-block";
import { trialInfo } from "../trial/trial-info";

export type Charge = Pick<Video, "charge" | "chargedIpBlock" | "anonymousSessionId" | "userId">;

/**
 * Takes what processing one video costs, inside the caller's transaction: a guest's free-trial
 * slot (per fingerprint and per network block), or a user's credit when credits are required.
 * Conditional updates make it atomic: of many requests racing for the last slot, one wins.
 */
export async function reserveCharge(
  ctx: ServiceContext,
  tx: Transaction,
  actor: Actor,
): Promise<Charge> {
  if (actor.kind === "user") {
    if (!ctx.config.creditsRequired) {
      return {
        charge: null,
        chargedIpBlock: null,
        anonymousSessionId: null,
        userId: actor.user.id,
      };
    }
    const [paid] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} - 1` })
      .where(and(eq(users.id, actor.user.id), sql`${users.credits} > 0`))
      .returning({ id: users.id });
    if (!paid) {
      throw new AppError("PAYMENT_REQUIRED", TRIAL_MESSAGES.noCredits, { needsPayment: true });
    }
    return {
      charge: "credit",
      chargedIpBlock: null,
      anonymousSessionId: null,
      userId: actor.user.id,
    };
  }

  const fingerprint = requireFingerprint(actor.requester.fingerprint);
  const { ip } = actor.requester;
  const now = new Date();
  await tx
    .insert(anonymousSessions)
    .values({ fingerprint, ipAddress: ip })
    .onConflictDoNothing({ target: anonymousSessions.fingerprint });
  const [session] = await tx
    .update(anonymousSessions)
    .set({
      videosProcessed: sql`${anonymousSessions.videosProcessed} + 1`,
      ipAddress: ip,
      lastUsed: now,
    })
    .where(
      and(
        eq(anonymousSessions.fingerprint, fingerprint),
        eq(anonymousSessions.isBlocked, false),
        lt(anonymousSessions.videosProcessed, ctx.config.freeTrialLimit),
      ),
    )
    .returning();
  if (!session) throw await trialRefused(ctx, tx, fingerprint);

  const block = ipBlock(ip);
  await tx
    .insert(trialIpUsage)
    .values({ ipBlock: block })
    .onConflictDoNothing({ target: trialIpUsage.ipBlock });
  const [network] = await tx
    .update(trialIpUsage)
    .set({ videosProcessed: sql`${trialIpUsage.videosProcessed} + 1`, lastUsed: now })
    .where(
      and(
        eq(trialIpUsage.ipBlock, block),
        lt(trialIpUsage.videosProcessed, ctx.config.freeTrialIpLimit),
      ),
    )
    .returning({ ipBlock: trialIpUsage.ipBlock });
  if (!network) {
    const before = { ...session, videosProcessed: session.videosProcessed - 1 };
    throw limitReached(TRIAL_MESSAGES.limitReached, trialInfo(ctx, before));
  }
  return { charge: "trial", chargedIpBlock: block, anonymousSessionId: session.id, userId: null };
}

async function trialRefused(
  ctx: ServiceContext,
  tx: Transaction,
  fingerprint: string,
): Promise<AppError> {
  const session = await findTrialSession(tx, fingerprint);
  const message = session?.isBlocked ? TRIAL_MESSAGES.blocked : TRIAL_MESSAGES.limitReached;
  return limitReached(message, trialInfo(ctx, session));
}

function limitReached(message: string, info: FreeTrialInfo): AppError {
  return new AppError("FORBIDDEN", message, { needsAuth: true, freeTrialInfo: info });
}
