import { detectInputSchema, jobIdSchema, processInputSchema } from "@wr/contracts";
import { detectAreas } from "../videos/detect-areas";
import { getJobStatus } from "../videos/get-job-status";
import { startProcessing } from "../videos/start-processing";
import { publicProcedure, router } from "./init";

export const videoRouter = router({
  /** Suggests watermark areas of an upload; costs nothing, and answers when the search ends. */
  detect: publicProcedure
    .input(detectInputSchema)
    .mutation(({ ctx, input, signal }) =>
      detectAreas({ ctx: ctx.services, actor: ctx.actor, input, signal }),
    ),
  /** Starts removal and answers at once with the job id; poll `status` for progress. */
  process: publicProcedure
    .input(processInputSchema)
    .mutation(({ ctx, input }) => startProcessing({ ctx: ctx.services, actor: ctx.actor, input })),
  status: publicProcedure
    .input(jobIdSchema)
    .query(({ ctx, input }) => getJobStatus({ ctx: ctx.services, actor: ctx.actor, input })),
});
