import { randomBytes } from "node:crypto";
import { type Db, orders, type SANDBOX_METHODS, sandboxPayments } from "@wr/db";
import { and, desc, eq } from "drizzle-orm";
import type { CheckoutRequest, Inquiry, PaymentProvider } from "../provider";
import { signReturn } from "./signature";

export type SandboxMethod = (typeof SANDBOX_METHODS)[number];
export type SandboxDecision = "approve" | "decline";

/**
 * A payment gateway of our own for development and demos: a hosted checkout page where the
 * payer picks a wallet, a card or a bank transfer and approves or declines. It keeps its own
 * records and answers inquiries from them, so the rest of the product treats it like any
 * real gateway.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  async createCheckout(request: CheckoutRequest) {
    return {
      paymentUrl: `${request.origin}/api/payment/sandbox/checkout/${request.orderId}`,
      providerReference: `SBX-${request.orderId.slice(0, 8).toUpperCase()}`,
    };
  }

  async inquire(order: { id: string; amount: number; transactionId?: string }): Promise<Inquiry> {
    const records = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderId, order.id))
      .orderBy(desc(sandboxPayments.createdAt));
    const asked = order.transactionId
      ? records.filter((record) => record.id === order.transactionId)
      : records;
    const paid = asked.find((record) => record.status === "paid");
    if (paid) return { status: "paid", transactionId: paid.id, amount: paid.amount };
    if (asked.some((record) => record.status === "awaiting_transfer")) {
      return { status: "pending", transactionId: null, amount: null };
    }
    if (asked.length > 0) return { status: "failed", transactionId: null, amount: null };
    return { status: "pending", transactionId: null, amount: null };
  }

  /**
   * What the payer chose on the checkout page; returns where the browser goes next, with the
   * fields signed. Only a pending order can be paid.
   */
  async decide(
    orderId: string,
    method: SandboxMethod,
    decision: SandboxDecision,
  ): Promise<string | null> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .limit(1);
    if (!order) return null;
    // A payment already made (or a transfer awaited) for this order is not taken twice.
    const earlier = await this.inquire({ id: order.id, amount: order.amount });
    if (earlier.status === "paid" || (await this.#awaitingTransfer(orderId))) return null;
    const id = `sbx_${randomBytes(12).toString("hex")}`;
    const status =
      decision === "decline"
        ? "declined"
        : method === "bank_transfer"
          ? "awaiting_transfer"
          : "paid";
    await this.db.insert(sandboxPayments).values({
      id,
      orderId,
      amount: order.amount,
      method,
      status,
      paidAt: status === "paid" ? new Date() : null,
    });
    if (status === "declined") return this.#back("/payment-failed", { order_id: orderId });
    if (status === "awaiting_transfer") {
      return this.#back("/payment/manual", { order_id: orderId, amount: String(order.amount) });
    }
    return this.#back("/payment-success", { order_id: orderId, transaction_id: id });
  }

  /** An operator saw the bank transfer for this order arrive. Returns false if none awaits. */
  async recordTransfer(orderId: string): Promise<boolean> {
    const updated = await this.db
      .update(sandboxPayments)
      .set({ status: "paid", paidAt: new Date() })
      .where(
        and(eq(sandboxPayments.orderId, orderId), eq(sandboxPayments.status, "awaiting_transfer")),
      )
      .returning({ id: sandboxPayments.id });
    return updated.length > 0;
  }

  async #awaitingTransfer(orderId: string): Promise<boolean> {
    const [awaiting] = await this.db
      .select({ id: sandboxPayments.id })
      .from(sandboxPayments)
      .where(
        and(eq(sandboxPayments.orderId, orderId), eq(sandboxPayments.status, "awaiting_transfer")),
      )
      .limit(1);
    return awaiting !== undefined;
  }

  #back(path: string, fields: Record<string, string>): string {
    const query = new URLSearchParams({ ...fields, signature: signReturn(this.secret, fields) });
    return `${path}?${query}`;
  }
}
