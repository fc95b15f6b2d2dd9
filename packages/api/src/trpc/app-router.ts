import { router } from "./init";
import { videoRouter } from "./video-router";

export const appRouter = router({ video: videoRouter });

export type AppRouter = typeof appRouter;
