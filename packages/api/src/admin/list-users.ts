import type { PageInput } from "@wr/contracts";
import { users } from "@wr/db";
import { count, desc } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { toPublicUser } from "../users/to-public-user";
import { page } from "./page";

export async function listUsers({ ctx, input }: { ctx: ServiceContext; input: PageInput }) {
  return page("users", input, {
    rows: (limit, offset) =>
      ctx.db
        .select()
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset),
    total: () => ctx.db.select({ total: count() }).from(users),
    toItem: toPublicUser,
  });
}
