import { PAYMENT_MESSAGES } from "@wr/contracts";
import { orders } from "@wr/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";
import { findPendingOrder } from "./find-own-order";
import { JazzCashProvider } from "./jazzcash";

function jazzCashOf(ctx: ServiceContext): JazzCashProvider {
  if (!(ctx.payments instanceof JazzCashProvider)) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  return ctx.payments;
}

/** Our page that posts the signed order form on to JazzCash's hosted checkout. */
export async function showJazzCashRedirect({
  ctx,
  orderId,
  origin,
}: {
  ctx: ServiceContext;
  orderId: string;
  origin: string;
}): Promise<string> {
  const provider = jazzCashOf(ctx);
  const order = await findPendingOrder(ctx, orderId);
  return provider.checkoutPage(order, `${origin}/api/payment/jazzcash/return`);
}

/**
 * JazzCash sends the payer's browser back here with the signed result. It only decides which
 * page the payer sees: credits still wait for the server-to-server inquiry of confirm.
 */
export async function handleJazzCashReturn({
  ctx,
  fields,
}: {
  ctx: ServiceContext;
  fields: Record<string, string>;
}): Promise<string> {
  const provider = jazzCashOf(ctx);
  const result = provider.readReturn(fields);
  const [order] = result.orderTxnRefNo
    ? await ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.providerReference, result.orderTxnRefNo))
        .limit(1)
    : [];
  if (!order) return "/payment-failed";
  if (!result.ok || !result.paid)
    return `/payment-failed?${new URLSearchParams({ order_id: order.id })}`;
  const query = { order_id: order.id, transaction_id: result.transactionId ?? "" };
  return `/payment-success?${new URLSearchParams(query)}`;
}
