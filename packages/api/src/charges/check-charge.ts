import { TransactionRollbackError } from "drizzle-orm";
import type { Actor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { reserveCharge } from "./reserve-charge";

/**
 * Whether the caller could pay for processing a video now, by the very rules that take the
 * payment: reserveCharge runs in a transaction that is then rolled back, so the same refusal
 * (400, 402, 403 and their messages) comes out and nothing is used up.
 */
export async function checkCharge(ctx: ServiceContext, actor: Actor): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      await reserveCharge(ctx, tx, actor);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}
