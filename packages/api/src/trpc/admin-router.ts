import { pageInputSchema, setCreditsInputSchema, toggleActiveInputSchema } from "@wr/contracts";
import { z } from "zod";
import { blockTrial } from "../admin/block-trial";
import { getStats } from "../admin/get-stats";
import { listFreeTrials } from "../admin/list-free-trials";
import { listOrders } from "../admin/list-orders";
import { listUsers } from "../admin/list-users";
import { listVideos } from "../admin/list-videos";
import { setActive } from "../admin/set-active";
import { setCredits } from "../admin/set-credits";
import { recordTransfer } from "../payments/record-transfer";
import { adminProcedure, router } from "./init";

const userId = z.object({ userId: z.string() });

export const adminRouter = router({
  stats: adminProcedure.query(({ ctx }) => getStats({ ctx: ctx.services })),
  users: adminProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => listUsers({ ctx: ctx.services, input })),
  videos: adminProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => listVideos({ ctx: ctx.services, input })),
  freeTrials: adminProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => listFreeTrials({ ctx: ctx.services, input })),
  setCredits: adminProcedure
    .input(userId.extend(setCreditsInputSchema.shape))
    .mutation(({ ctx, input }) => setCredits({ ctx: ctx.services, input })),
  setActive: adminProcedure
    .input(userId.extend(toggleActiveInputSchema.shape))
    .mutation(({ ctx, input }) => setActive({ ctx: ctx.services, admin: ctx.admin, input })),
  orders: adminProcedure
    .input(pageInputSchema)
    .query(({ ctx, input }) => listOrders({ ctx: ctx.services, input })),
  recordTransfer: adminProcedure
    .input(z.object({ orderId: z.string() }))
    .mutation(({ ctx, input }) => recordTransfer({ ctx: ctx.services, input })),
  blockTrial: adminProcedure
    .input(z.object({ trialId: z.string() }))
    .mutation(({ ctx, input }) => blockTrial({ ctx: ctx.services, input })),
});
