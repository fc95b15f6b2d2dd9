import type { ServiceContext } from "../context";
import type { UserActor } from "./actor";
import { invalidateSession } from "./sessions";

export async function logout({
  ctx,
  actor,
}: {
  ctx: ServiceContext;
  actor: UserActor;
}): Promise<{ success: true }> {
  await invalidateSession(ctx, actor.session.id);
  return { success: true };
}
