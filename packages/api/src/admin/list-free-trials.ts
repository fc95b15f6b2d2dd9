import type { PageInput } from "@wr/contracts";
import { type AnonymousSession, anonymousSessions } from "@wr/db";
import { count, desc } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { page } from "./page";

export function toTrialItem(session: AnonymousSession) {
  return {
    _id: session.id,
    fingerprint: session.fingerprint,
    ipAddress: session.ipAddress,
    videosProcessed: session.videosProcessed,
    isBlocked: session.isBlocked,
    createdAt: session.createdAt.toISOString(),
    lastUsed: session.lastUsed.toISOString(),
  };
}

export async function listFreeTrials({ ctx, input }: { ctx: ServiceContext; input: PageInput }) {
  return page("freeTrials", input, {
    rows: (limit, offset) =>
      ctx.db
        .select()
        .from(anonymousSessions)
        .orderBy(desc(anonymousSessions.createdAt), desc(anonymousSessions.id))
        .limit(limit)
        .offset(offset),
    total: () => ctx.db.select({ total: count() }).from(anonymousSessions),
    toItem: toTrialItem,
  });
}
