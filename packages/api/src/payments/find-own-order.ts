import { PAYMENT_MESSAGES } from "@wr/contracts";
import { type Order, orders } from "@wr/db";
import { and, eq } from "drizzle-orm";
import { isUuid } from "../admin/is-uuid";
import type { UserActor } from "../auth/actor";
import type { ServiceContext } from "../context";
import { notFound } from "../errors";

/** The order if it exists and belongs to this user; anyone else's order is not found. */
export async function findOwnOrder(
  ctx: ServiceContext,
  actor: UserActor,
  orderId: string,
): Promise<Order | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, actor.user.id)))
    .limit(1);
  return order ?? null;
}

/** A pending order by id, for the gateways' checkout pages (the id is the capability). */
export async function findPendingOrder(ctx: ServiceContext, orderId: string): Promise<Order> {
  const [order] = isUuid(orderId)
    ? await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
        .limit(1)
    : [];
  if (!order) throw notFound(PAYMENT_MESSAGES.orderNotPending);
  return order;
}
