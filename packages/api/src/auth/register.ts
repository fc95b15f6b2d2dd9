import { AUTH_MESSAGES, type AuthResult, type RegisterInput } from "@wr/contracts";
import { isUniqueViolation, users } from "@wr/db";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { toPublicUser } from "../users/to-public-user";
import { hashPassword } from "./passwords";
import { createSession } from "./sessions";

export async function register({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: RegisterInput;
}): Promise<AuthResult> {
  const passwordHash = await hashPassword(input.password);
  const [user] = await ctx.db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash })
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", AUTH_MESSAGES.emailTaken);
      throw error;
    });
  if (!user) throw new Error("The user was not stored");
  const { token } = await createSession(ctx, user.id);
  return { token, user: toPublicUser(user) };
}
