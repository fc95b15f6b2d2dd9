import { AUTH_MESSAGES } from "@wr/contracts";
import type { Session, User } from "@wr/db";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { validateSessionToken } from "./sessions";

/** What a request says about who sends it, as the HTTP layer read it. */
export type Requester = { ip: string; fingerprint: string | null; token: string | null };

/**
 * Who is acting: a signed-in user, or a guest. A token that no longer stands for a session
 * makes `expiredToken` true, so calls that need a user answer 401 rather than act as a guest.
 */
export type Actor =
  | { kind: "user"; user: User; session: Session; requester: Requester }
  | { kind: "guest"; requester: Requester; expiredToken: boolean };

export async function resolveActor(ctx: ServiceContext, requester: Requester): Promise<Actor> {
  const found = requester.token ? await validateSessionToken(ctx, requester.token) : null;
  if (!found) return { kind: "guest", requester, expiredToken: requester.token !== null };
  return { kind: "user", ...found, requester };
}

export type UserActor = Extract<Actor, { kind: "user" }>;

/** The tier every signed-in call goes through: a session, and an account still active. */
export function requireUser(actor: Actor): UserActor {
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED", AUTH_MESSAGES.notAuthenticated);
  if (!actor.user.isActive) throw new AppError("FORBIDDEN", AUTH_MESSAGES.deactivated);
  return actor;
}

export function requireAdmin(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (user.user.role !== "admin") throw new AppError("FORBIDDEN", AUTH_MESSAGES.notAdmin);
  return user;
}
