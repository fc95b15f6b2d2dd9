import { ADMIN_MESSAGES } from "@wr/contracts";
import { anonymousSessions } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { isUuid } from "./is-uuid";
import { toTrialItem } from "./list-free-trials";

/** Blocks a free-trial session; blocking twice is the same as once, and there is no unblock. */
export async function blockTrial({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { trialId: string };
}) {
  if (!isUuid(input.trialId)) throw notFound(ADMIN_MESSAGES.trialNotFound);
  const [session] = await ctx.db
    .update(anonymousSessions)
    .set({ isBlocked: true })
    .where(eq(anonymousSessions.id, input.trialId))
    .returning();
  if (!session) throw notFound(ADMIN_MESSAGES.trialNotFound);
  return { success: true as const, freeTrial: toTrialItem(session) };
}
