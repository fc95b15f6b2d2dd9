import type { PageInput } from "@wr/contracts";
import { orders, users } from "@wr/db";
import { count, desc, eq } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { page } from "./page";

export async function listOrders({ ctx, input }: { ctx: ServiceContext; input: PageInput }) {
  return page("orders", input, {
    rows: (limit, offset) =>
      ctx.db
        .select({ order: orders, owner: { id: users.id, name: users.name, email: users.email } })
        .from(orders)
        .leftJoin(users, eq(orders.userId, users.id))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
    total: () => ctx.db.select({ total: count() }).from(orders),
    toItem: ({ order, owner }) => ({
      _id: order.id,
      user: owner ? { _id: owner.id, name: owner.name, email: owner.email } : null,
      packageId: order.packageId,
      packageName: order.packageName,
      amount: order.amount,
      currency: order.currency,
      credits: order.credits,
      status: order.status,
      provider: order.provider,
      providerReference: order.providerReference,
      transactionId: order.transactionId,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
    }),
  });
}
