import { PAYMENT_MESSAGES } from "@wr/contracts";
import { orders } from "@wr/db";
import { eq } from "drizzle-orm";
import { isUuid } from "../admin/is-uuid";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors";
import { settleOrder } from "./verify-payment";

/**
 * An operator records that a bank transfer for this order arrived; the order is then settled
 * through the provider like any other payment (credits granted once).
 */
export async function recordTransfer({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { orderId: string };
}): Promise<{ success: true; status: string }> {
  if (!isUuid(input.orderId)) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId)).limit(1);
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  if (!ctx.payments.recordTransfer || !(await ctx.payments.recordTransfer(order.id))) {
    throw badRequest("No bank transfer is awaited for this order");
  }
  return { success: true, status: await settleOrder(ctx, order) };
}
