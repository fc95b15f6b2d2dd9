import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, timestamp, uuid } from "drizzle-orm/pg-core";

/** Column builders shared by the tables: one spelling of ids and timestamps everywhere. */

/** A random uuid primary key. */
export const id = () => uuid("id").primaryKey().defaultRandom();

/** A timestamptz read and written as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** When the row was created; set by the database. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/**
 * A CHECK condition that the column holds one of the given values. The values are inlined as SQL
 * literals (drizzle-kit writes check constraints verbatim), so they must be our own constants.
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(literals)})`;
}
