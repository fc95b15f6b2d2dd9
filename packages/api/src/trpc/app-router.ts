import { adminRouter } from "./admin-router";
import { authRouter } from "./auth-router";
import { router } from "./init";
import { trialRouter } from "./trial-router";
import { videoRouter } from "./video-router";

export const appRouter = router({
  admin: adminRouter,
  auth: authRouter,
  trial: trialRouter,
  video: videoRouter,
});

export type AppRouter = typeof appRouter;
