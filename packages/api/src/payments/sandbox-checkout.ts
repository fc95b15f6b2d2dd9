import { PAYMENT_MESSAGES } from "@wr/contracts";
import { SANDBOX_METHODS } from "@wr/db";
import { isUuid } from "../admin/is-uuid";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors";
import { findPendingOrder } from "./find-own-order";
import { checkoutPage } from "./sandbox/checkout-page";
import {
  type SandboxDecision,
  type SandboxMethod,
  SandboxProvider,
} from "./sandbox/sandbox-provider";

const METHODS: readonly string[] = SANDBOX_METHODS;

function sandboxOf(ctx: ServiceContext): SandboxProvider {
  if (!(ctx.payments instanceof SandboxProvider)) throw notFound(PAYMENT_MESSAGES.orderNotFound);
  return ctx.payments;
}

/** The sandbox gateway's hosted page for a pending order. */
export async function showSandboxCheckout({
  ctx,
  orderId,
}: {
  ctx: ServiceContext;
  orderId: string;
}): Promise<string> {
  sandboxOf(ctx);
  return checkoutPage(await findPendingOrder(ctx, orderId));
}

/** The payer's choice on the sandbox page; answers where the browser goes next. */
export async function submitSandboxCheckout({
  ctx,
  orderId,
  form,
}: {
  ctx: ServiceContext;
  orderId: string;
  form: { method?: string; decision?: string };
}): Promise<string> {
  const sandbox = sandboxOf(ctx);
  const method = METHODS.includes(form.method ?? "") ? (form.method as SandboxMethod) : null;
  const decision =
    form.decision === "approve" || form.decision === "decline"
      ? (form.decision as SandboxDecision)
      : null;
  if (!method || !decision) throw badRequest("Choose a payment method, then approve or decline");
  const next = isUuid(orderId) ? await sandbox.decide(orderId, method, decision) : null;
  if (!next) throw notFound(PAYMENT_MESSAGES.orderNotPending);
  return next;
}
