import { ORDER_STATUSES, type OrderStatus } from "@wr/contracts";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, isOneOf, timestamptz } from "./columns";
import { users } from "./users";

export { ORDER_STATUSES, type OrderStatus };

/** A credit package purchase through a payment provider; amounts in whole PKR. */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    packageId: text("package_id").notNull(),
    packageName: text("package_name").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("PKR"),
    credits: integer("credits").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    transactionId: text("transaction_id").unique(),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    paidAt: timestamptz("paid_at"),
  },
  (t) => [
    check("orders_status_check", isOneOf(t.status, ORDER_STATUSES)),
    index("orders_user_id_idx").on(t.userId),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
