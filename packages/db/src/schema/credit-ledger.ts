import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { orders } from "./orders";
import { users } from "./users";

/**
 * Every change to a user's credits. An order grants credits at most once: order_id is unique,
 * so a second grant for the same order fails instead of adding credits twice.
 */
export const creditLedger = pgTable("credit_ledger", {
  id: id(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id),
  orderId: uuid("order_id")
    .unique()
    .references(() => orders.id),
  delta: integer("delta").notNull(),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});

export type CreditLedgerEntry = typeof creditLedger.$inferSelect;
export type NewCreditLedgerEntry = typeof creditLedger.$inferInsert;
