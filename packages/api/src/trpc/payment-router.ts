import { confirmPaymentInputSchema, createOrderInputSchema } from "@wr/contracts";
import { z } from "zod";
import { confirmPayment } from "../payments/confirm-payment";
import { createOrder } from "../payments/create-order";
import { listPackages } from "../payments/list-packages";
import { verifyPayment } from "../payments/verify-payment";
import { publicProcedure, router, userProcedure } from "./init";

export const paymentRouter = router({
  packages: publicProcedure.query(({ ctx }) => listPackages({ ctx: ctx.services })),
  createOrder: userProcedure
    .input(createOrderInputSchema)
    .mutation(({ ctx, input }) =>
      createOrder({ ctx: ctx.services, actor: ctx.user, input, origin: ctx.origin }),
    ),
  confirm: userProcedure
    .input(confirmPaymentInputSchema)
    .mutation(({ ctx, input }) => confirmPayment({ ctx: ctx.services, actor: ctx.user, input })),
  verify: userProcedure
    .input(z.object({ orderId: z.string() }))
    .query(({ ctx, input }) =>
      verifyPayment({ ctx: ctx.services, actor: ctx.user, orderId: input.orderId }),
    ),
});
