import { pgSchema, serial, text } from "drizzle-orm/pg-core";
import journal from "../migrations/meta/_journal.json";
import type { Db } from "../src";

/** drizzle's own record of applied migrations, read through the query builder on either driver. */
const appliedMigrations = pgSchema("drizzle").table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
});

export function countAppliedMigrations(db: Db): Promise<number> {
  return db.$count(appliedMigrations);
}

/** How many migrations the package ships. */
export const shippedMigrations = journal.entries.length;
