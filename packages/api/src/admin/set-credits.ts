import { ADMIN_MESSAGES, type PublicUser } from "@wr/contracts";
import { users } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { toPublicUser } from "../users/to-public-user";
import { isUuid } from "./is-uuid";

export async function setCredits({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string; credits: number };
}): Promise<{ success: true; user: PublicUser }> {
  if (!isUuid(input.userId)) throw notFound(ADMIN_MESSAGES.userNotFound);
  const [user] = await ctx.db
    .update(users)
    .set({ credits: input.credits })
    .where(eq(users.id, input.userId))
    .returning();
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  return { success: true, user: toPublicUser(user) };
}
