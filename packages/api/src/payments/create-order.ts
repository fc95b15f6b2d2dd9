import { PAYMENT_MESSAGES } from "@wr/contracts";
import { orders } from "@wr/db";
import { eq } from "drizzle-orm";
import type { UserActor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { AppError, badRequest } from "../errors";

/**
 * Starts a purchase: the order copies the package's price and credits as they are now, then
 * the provider makes the hosted payment page the browser is sent to.
 */
export async function createOrder({
  ctx,
  actor,
  input,
  origin,
}: {
  ctx: ServiceContext;
  actor: UserActor;
  input: { packageId: string };
  origin: string;
}): Promise<{ success: true; paymentUrl: string; orderId: string }> {
  const pack = ctx.config.payments.packages.find((candidate) => candidate.id === input.packageId);
  if (!pack) throw badRequest(PAYMENT_MESSAGES.unknownPackage);
  const [order] = await ctx.db
    .insert(orders)
    .values({
      userId: actor.user.id,
      packageId: pack.id,
      packageName: pack.name,
      amount: pack.price,
      credits: pack.credits,
      provider: ctx.payments.name,
    })
    .returning();
  if (!order) throw new Error("The order was not stored");
  const checkout = await ctx.payments
    .createCheckout({
      orderId: order.id,
      amount: order.amount,
      description: `${pack.name} credit package`,
      returnUrl: `${origin}/api/payment/${ctx.payments.name}/return`,
      origin,
    })
    .catch(() => {
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.providerUnavailable);
    });
  await ctx.db
    .update(orders)
    .set({ providerReference: checkout.providerReference, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  return { success: true, paymentUrl: checkout.paymentUrl, orderId: order.id };
}
