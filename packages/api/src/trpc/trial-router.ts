import { getTrialStatus } from "../trial/get-trial-status";
import { publicProcedure, router } from "./init";

export const trialRouter = router({
  status: publicProcedure.query(({ ctx }) =>
    getTrialStatus({ ctx: ctx.services, fingerprint: ctx.actor.requester.fingerprint }),
  ),
});
