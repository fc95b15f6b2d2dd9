import { AUTH_MESSAGES, type AuthResult, type LoginInput } from "@wr/contracts";
import { users } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { toPublicUser } from "../users/to-public-user";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { createSession } from "./sessions";

/**
 * Signs a user in. The answer for an unknown email and for a wrong password is the same, and
 * costs the same hashing work; attempts are throttled per IP and per email (429).
 */
export async function login({
  ctx,
  input,
  ip,
}: {
  ctx: ServiceContext;
  input: LoginInput;
  ip: string;
}): Promise<AuthResult> {
  const wait = ctx.loginThrottle.retryAfter(ip, input.email);
  if (wait > 0) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      AUTH_MESSAGES.tooManyAttempts,
      {},
      { retryAfter: wait },
    );
  }
  ctx.loginThrottle.recordAttempt(ip);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    ctx.loginThrottle.recordFailure(input.email);
    throw new AppError("UNAUTHORIZED", AUTH_MESSAGES.invalidCredentials);
  }
  ctx.loginThrottle.recordSuccess(input.email);
  if (!user.isActive) throw new AppError("FORBIDDEN", AUTH_MESSAGES.deactivated);
  const { token } = await createSession(ctx, user.id);
  return { token, user: toPublicUser(user) };
}
