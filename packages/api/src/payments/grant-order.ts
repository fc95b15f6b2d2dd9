import { creditLedger, orders, users } from "@wr/db";
import { and, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "../context";

/**
 * Marks a pending order paid and adds its credits, exactly once: the order moves from pending
 * to paid in a conditional update and only the call that changed it continues; the ledger's
 * unique order_id (and the order's unique transaction id) stop any second grant.
 * Returns the credits added (0 when the order was already paid) and the user's balance.
 */
export async function grantOrder(
  ctx: ServiceContext,
  orderId: string,
  transactionId: string,
): Promise<{ creditsAdded: number; credits: number }> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: "paid", transactionId, paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning();
    if (order) {
      await tx.insert(creditLedger).values({
        userId: order.userId,
        orderId: order.id,
        delta: order.credits,
        reason: `order ${order.packageId}`,
      });
      const [user] = await tx
        .update(users)
        .set({ credits: sql`${users.credits} + ${order.credits}` })
        .where(eq(users.id, order.userId))
        .returning({ credits: users.credits });
      return { creditsAdded: order.credits, credits: user?.credits ?? 0 };
    }
    const [owner] = await tx
      .select({ credits: users.credits })
      .from(orders)
      .innerJoin(users, eq(orders.userId, users.id))
      .where(eq(orders.id, orderId));
    return { creditsAdded: 0, credits: owner?.credits ?? 0 };
  });
}
