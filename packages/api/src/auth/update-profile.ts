import { AUTH_MESSAGES, type ProfileInput, type PublicUser } from "@wr/contracts";
import { sessions, users } from "@wr/db";
import { and, eq, ne } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors";
import { toPublicUser } from "../users/to-public-user";
import type { UserActor } from "./actor";
import { hashPassword, verifyPassword } from "./passwords";

/** Changes the owner's name, and password when the current one is given; nothing else. */
export async function updateProfile({
  ctx,
  actor,
  input,
}: {
  ctx: ServiceContext;
  actor: UserActor;
  input: ProfileInput;
}): Promise<{ user: PublicUser }> {
  const changes: { name?: string; passwordHash?: string } = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.newPassword !== undefined) {
    if (!input.currentPassword) throw badRequest(AUTH_MESSAGES.currentPasswordRequired);
    if (!(await verifyPassword(input.currentPassword, actor.user.passwordHash))) {
      throw badRequest(AUTH_MESSAGES.wrongCurrentPassword);
    }
    changes.passwordHash = await hashPassword(input.newPassword);
  }
  if (Object.keys(changes).length === 0) return { user: toPublicUser(actor.user) };
  const [user] = await ctx.db
    .update(users)
    .set(changes)
    .where(eq(users.id, actor.user.id))
    .returning();
  // A new password signs out every other session of the account.
  if (changes.passwordHash) {
    await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.user.id), ne(sessions.id, actor.session.id)));
  }
  return { user: toPublicUser(user ?? actor.user) };
}
