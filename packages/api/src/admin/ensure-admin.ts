import { registerInputSchema } from "@wr/contracts";
import { users } from "@wr/db";
import { sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors";

/**
 * Makes sure an administrator with this email exists: creates the account, or promotes (and
 * reactivates) the existing one and sets the given password.
 */
export async function ensureAdmin({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { email: string; password: string; name?: string };
}): Promise<{ created: boolean; email: string }> {
  const parsed = registerInputSchema.safeParse({ ...input, name: input.name ?? "Administrator" });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid admin account");
  const { name, email, password } = parsed.data;
  const passwordHash = await hashPassword(password);
  const [row] = await ctx.db
    .insert(users)
    .values({ name, email, passwordHash, role: "admin" })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: "admin", isActive: true, passwordHash },
    })
    // A row the upsert inserted (rather than updated) has no deleting transaction: xmax = 0.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return { created: row?.inserted === true, email };
}
