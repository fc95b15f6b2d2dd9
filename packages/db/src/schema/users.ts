import { SUBSCRIPTIONS, USER_ROLES } from "@wr/contracts";
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, isOneOf } from "./columns";

export { SUBSCRIPTIONS, USER_ROLES };
export type UserRole = (typeof USER_ROLES)[number];
export type Subscription = (typeof SUBSCRIPTIONS)[number];

export const users = pgTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    /** Stored lower-cased by the auth service. */
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    subscription: text("subscription", { enum: SUBSCRIPTIONS }).notNull().default("free"),
    credits: integer("credits").notNull().default(0),
    totalVideosProcessed: integer("total_videos_processed").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("users_role_check", isOneOf(t.role, USER_ROLES)),
    check("users_subscription_check", isOneOf(t.subscription, SUBSCRIPTIONS)),
    check("users_credits_check", sql`${t.credits} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
