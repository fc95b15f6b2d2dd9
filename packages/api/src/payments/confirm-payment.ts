import { type ConfirmPaymentInput, PAYMENT_MESSAGES } from "@wr/contracts";
import type { UserActor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors";
import { findOwnOrder } from "./find-own-order";
import { grantOrder } from "./grant-order";

/**
 * The success page's confirmation. Whatever the body says, the provider is asked whether this
 * transaction paid this order for its amount; only then are credits added, once.
 */
export async function confirmPayment({
  ctx,
  actor,
  input,
}: {
  ctx: ServiceContext;
  actor: UserActor;
  input: ConfirmPaymentInput;
}): Promise<{ success: true; creditsAdded: number; credits: number }> {
  const order = await findOwnOrder(ctx, actor, input.orderId);
  if (!order) throw badRequest(PAYMENT_MESSAGES.confirmationFailed);
  const transactionId = input.transactionId || undefined;
  if (order.status === "paid") {
    if (transactionId && transactionId !== order.transactionId) {
      throw badRequest(PAYMENT_MESSAGES.confirmationFailed);
    }
    return { success: true, ...(await grantOrder(ctx, order.id, order.transactionId ?? "")) };
  }
  const inquiry = await ctx.payments.inquire({ ...order, transactionId });
  const paidInFull =
    inquiry.status === "paid" && inquiry.transactionId !== null && inquiry.amount === order.amount;
  if (!paidInFull || !inquiry.transactionId) throw badRequest(PAYMENT_MESSAGES.confirmationFailed);
  return { success: true, ...(await grantOrder(ctx, order.id, inquiry.transactionId)) };
}
