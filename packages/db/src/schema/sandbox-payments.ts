import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, isOneOf, timestamptz } from "./columns";
import { orders } from "./orders";

export const SANDBOX_METHODS = ["wallet", "card", "bank_transfer"] as const;
export const SANDBOX_STATUSES = ["paid", "declined", "awaiting_transfer"] as const;

/**
 * The sandbox gateway's own ledger: what the payer did on its checkout page. Like a real
 * gateway's records, it is what inquiries answer from, never what the browser claims.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amount: integer("amount").notNull(),
    method: text("method", { enum: SANDBOX_METHODS }).notNull(),
    status: text("status", { enum: SANDBOX_STATUSES }).notNull(),
    createdAt: createdAt(),
    paidAt: timestamptz("paid_at"),
  },
  (t) => [
    check("sandbox_payments_method_check", isOneOf(t.method, SANDBOX_METHODS)),
    check("sandbox_payments_status_check", isOneOf(t.status, SANDBOX_STATUSES)),
    index("sandbox_payments_order_id_idx").on(t.orderId),
  ],
);

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
