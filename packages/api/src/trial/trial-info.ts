import type { FreeTrialInfo } from "@wr/contracts";
import type { AnonymousSession } from "@wr/db";
import type { ServiceContext } from "../context";

export function trialInfo(ctx: ServiceContext, session: AnonymousSession | null): FreeTrialInfo {
  const limit = ctx.config.freeTrialLimit;
  const used = session?.videosProcessed ?? 0;
  return {
    used,
    limit,
    remaining: Math.max(0, limit - used),
    blocked: session?.isBlocked ?? false,
  };
}
