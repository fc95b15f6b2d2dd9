import { createServices, runVideoJob } from "@wr/api";
import { loadEncoderEnv } from "./env";

/** An encoder node: takes jobs from the queue until told to stop, then lets them finish. */
export async function runWorker(): Promise<void> {
  const env = loadEncoderEnv();
  const services = await createServices(env);
  const { ctx } = services;
  ctx.queue.startWorker((videoId, job) => runVideoJob(ctx, videoId, job), {
    concurrency: env.WORKER_CONCURRENCY,
  });
  console.log(`Encoder ready: queue "${env.QUEUE_NAME}", concurrency ${env.WORKER_CONCURRENCY}`);
  const stop = async (signal: string) => {
    console.log(`${signal}: finishing running jobs, then stopping.`);
    await services.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}
