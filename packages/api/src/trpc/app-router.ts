import { adminRouter } from "./admin-router";
import { authRouter } from "./auth-router";
import { router } from "./init";
import { paymentRouter } from "./payment-router";
import { trialRouter } from "./trial-router";
import { videoRouter } from "./video-router";

export const appRouter = router({
  admin: adminRouter,
  auth: authRouter,
  payment: paymentRouter,
  trial: trialRouter,
  video: videoRouter,
});

export type AppRouter = typeof appRouter;
