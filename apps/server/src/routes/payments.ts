import {
  confirmPayment,
  createOrder,
  handleJazzCashReturn,
  listPackages,
  requireUser,
  type ServiceContext,
  showJazzCashRedirect,
  showSandboxCheckout,
  submitSandboxCheckout,
  verifyPayment,
} from "@wr/api";
import { confirmPaymentInputSchema, createOrderInputSchema } from "@wr/contracts";
import { Elysia } from "elysia";
import type { Identify } from "../http/identify";
import { publicOrigin } from "../http/origin";
import { readJson } from "../http/read-json";

const html = (body: string) =>
  new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });

/** Credit packages, orders and their confirmation, and the sandbox gateway's checkout. */
export function paymentRoutes(services: ServiceContext, identify: Identify) {
  return new Elysia({ prefix: "/api/payment" })
    .get("/packages", () => listPackages({ ctx: services }))
    .post(
      "/create-order",
      async (context) => {
        const actor = requireUser(await identify(context));
        const input = await readJson(context.request, createOrderInputSchema);
        const origin = publicOrigin(services, context.request);
        return createOrder({ ctx: services, actor, input, origin });
      },
      { parse: "none" },
    )
    .post(
      "/confirm",
      async (context) => {
        const actor = requireUser(await identify(context));
        const input = await readJson(context.request, confirmPaymentInputSchema);
        return confirmPayment({ ctx: services, actor, input });
      },
      { parse: "none" },
    )
    .get("/verify/:orderId", async (context) => {
      const actor = requireUser(await identify(context));
      return verifyPayment({ ctx: services, actor, orderId: context.params.orderId });
    })
    .get("/sandbox/checkout/:orderId", async ({ params }) =>
      html(await showSandboxCheckout({ ctx: services, orderId: params.orderId })),
    )
    .get("/jazzcash/redirect/:orderId", async ({ params, request }) => {
      const origin = publicOrigin(services, request);
      const page = await showJazzCashRedirect({ ctx: services, orderId: params.orderId, origin });
      // The signed form carries the merchant's credentials: never cached.
      return new Response(page, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      });
    })
    .post(
      "/jazzcash/return",
      async ({ request }) => {
        const fields = Object.fromEntries(new URLSearchParams(await request.text()));
        const next = await handleJazzCashReturn({ ctx: services, fields });
        return new Response(null, { status: 303, headers: { Location: next } });
      },
      { parse: "none" },
    )
    .post(
      "/sandbox/checkout/:orderId",
      async ({ params, request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        const next = await submitSandboxCheckout({ ctx: services, orderId: params.orderId, form });
        return new Response(null, { status: 303, headers: { Location: next } });
      },
      { parse: "none" },
    );
}
