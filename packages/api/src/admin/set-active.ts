import { ADMIN_MESSAGES, type PublicUser } from "@wr/contracts";
import { users } from "@wr/db";
import { eq } from "drizzle-orm";
import type { UserActor } from "../auth/actor";
import { invalidateUserSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors";
import { toPublicUser } from "../users/to-public-user";
import { isUuid } from "./is-uuid";

/** Activates or deactivates an account; deactivating signs it out everywhere at once. */
export async function setActive({
  ctx,
  admin,
  input,
}: {
  ctx: ServiceContext;
  admin: UserActor;
  input: { userId: string; isActive: boolean };
}): Promise<{ success: true; user: PublicUser }> {
  if (!isUuid(input.userId)) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (input.userId === admin.user.id && !input.isActive) {
    throw badRequest(ADMIN_MESSAGES.cannotChangeSelf);
  }
  const [user] = await ctx.db
    .update(users)
    .set({ isActive: input.isActive })
    .where(eq(users.id, input.userId))
    .returning();
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (!user.isActive) await invalidateUserSessions(ctx, user.id);
  return { success: true, user: toPublicUser(user) };
}
