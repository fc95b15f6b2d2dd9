import { jobIdSchema, processInputSchema } from "@wr/contracts";
import { getJobStatus } from "../videos/get-job-status";
import { startProcessing } from "../videos/start-processing";
import { publicProcedure, router } from "./init";

export const videoRouter = router({
  /** Starts removal and answers at once with the job id; poll `status` for progress. */
  process: publicProcedure
    .input(processInputSchema)
    .mutation(({ ctx, input }) => startProcessing({ ctx: ctx.services, actor: ctx.actor, input })),
  status: publicProcedure
    .input(jobIdSchema)
    .query(({ ctx, input }) => getJobStatus({ ctx: ctx.services, actor: ctx.actor, input })),
});
