import { type Session, sessions, type User, users } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { generateSessionToken, sessionIdOf } from "./session-token";

const DAY_MS = 24 * 3600 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

export async function createSession(
  ctx: ServiceContext,
  userId: string,
): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken();
  const [session] = await ctx.db
    .insert(sessions)
    .values({
      id: sessionIdOf(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    })
    .returning();
  if (!session) throw new Error("The session was not stored");
  return { token, session };
}

/**
 * The session and user a token stands for, or null when it is unknown or expired. A session
 * used in the second half of its life is extended to a full lifetime (sliding expiry).
 */
export async function validateSessionToken(
  ctx: ServiceContext,
  token: string,
): Promise<{ session: Session; user: User } | null> {
  const id = sessionIdOf(token);
  const [row] = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now) {
    await ctx.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (row.session.expiresAt.getTime() - now < SESSION_LIFETIME_MS / 2) {
    const expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await ctx.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    row.session.expiresAt = expiresAt;
  }
  return row;
}

export async function invalidateSession(ctx: ServiceContext, sessionId: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
}
