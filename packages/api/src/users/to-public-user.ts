import type { PublicUser } from "@wr/contracts";
import type { User } from "@wr/db";

/** The user as clients see it (SPEC.md §3); the password hash never leaves the server. */
export function toPublicUser(user: User): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    subscription: user.subscription,
    credits: user.credits,
    totalVideosProcessed: user.totalVideosProcessed,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}
