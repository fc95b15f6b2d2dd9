import { type OrderStatus, PAYMENT_MESSAGES } from "@wr/contracts";
import { type Order, orders } from "@wr/db";
import { and, eq } from "drizzle-orm";
import type { UserActor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { findOwnOrder } from "./find-own-order";
import { grantOrder } from "./grant-order";

/**
 * An order's state for its owner (the manual-transfer page polls it). A pending order is
 * settled from the provider's answer.
 */
export async function verifyPayment({
  ctx,
  actor,
  orderId,
}: {
  ctx: ServiceContext;
  actor: UserActor;
  orderId: string;
}): Promise<{ status: OrderStatus }> {
  const order = await findOwnOrder(ctx, actor, orderId);
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  return { status: await settleOrder(ctx, order) };
}

/** Asks the provider about a pending order: paid (credits granted once), failed, or pending. */
export async function settleOrder(ctx: ServiceContext, order: Order): Promise<OrderStatus> {
  if (order.status !== "pending") return order.status;
  const inquiry = await ctx.payments.inquire({ ...order, transactionId: undefined });
  if (inquiry.status === "paid" && inquiry.transactionId && inquiry.amount === order.amount) {
    await grantOrder(ctx, order.id, inquiry.transactionId);
    return "paid";
  }
  if (inquiry.status === "failed") {
    await ctx.db
      .update(orders)
      .set({ status: "failed", updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
    return "failed";
  }
  return "pending";
}
