import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns";

/** A browser on the free trial, known by its fingerprint. */
export const anonymousSessions = pgTable(
  "anonymous_sessions",
  {
    id: id(),
    fingerprint: text("fingerprint").notNull().unique(),
    ipAddress: text("ip_address").notNull(),
    videosProcessed: integer("videos_processed").notNull().default(0),
    isBlocked: boolean("is_blocked").notNull().default(false),
    createdAt: createdAt(),
    lastUsed: timestamptz("last_used").notNull().defaultNow(),
  },
  (t) => [index("anonymous_sessions_ip_address_idx").on(t.ipAddress)],
);

export type AnonymousSession = typeof anonymousSessions.$inferSelect;
export type NewAnonymousSession = typeof anonymousSessions.$inferInsert;
