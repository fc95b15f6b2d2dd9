import { join } from "node:path";
import { createServices, ensureAdmin, requeueUnfinished, runVideoJob, sweepFiles } from "@wr/api";
import { newNodeIdentity } from "@wr/queue";
import { createApp } from "./app";
import { loadServerEnv } from "./env";
import { maxOutputMb } from "./routes/encoders";

const env = loadServerEnv();
const services = await createServices(env);
const { ctx } = services;

if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
  const admin = await ensureAdmin({
    ctx,
    input: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME },
  }).catch((error: Error) => {
    console.error(`ADMIN_EMAIL / ADMIN_PASSWORD: ${error.message}`);
    process.exit(1);
  });
  console.log(`Administrator ${admin.email} ${admin.created ? "created" : "ready"}.`);
}

if (env.embeddedWorker) {
  const node = newNodeIdentity({ mode: "embedded", encoders: ["libx264"], chosen: "libx264" });
  ctx.queue.startWorker((videoId, job) => runVideoJob(ctx, videoId, job, { id: node.id }), {
    concurrency: env.WORKER_CONCURRENCY,
    node,
  });
  if (ctx.queue.kind === "in-process") await requeueUnfinished(ctx);
}

const sweep = () => sweepFiles(ctx).catch((error) => console.error("Sweep failed:", error));
await sweep();
const sweeper = setInterval(sweep, env.SWEEP_INTERVAL_S * 1000);

const webDir = env.WEB_DIR ?? join(import.meta.dir, "..", "..", "web", "dist");
const app = createApp(ctx, { webDir, trustProxy: env.TRUST_PROXY }).listen({
  port: env.PORT,
  hostname: env.HOST,
  // Our own limits answer first with a clear 413; this only bounds what Bun accepts (the
  // largest body is an encoder node's output).
  maxRequestBodySize: (maxOutputMb(env.MAX_UPLOAD_MB) + 16) * 1024 * 1024,
});

console.log(
  `Watermark Remover listening on http://localhost:${app.server?.port} ` +
    `(database: ${env.DATABASE_URL ? "PostgreSQL" : "embedded"}, queue: ${ctx.queue.kind}, ` +
    `worker: ${env.embeddedWorker ? "embedded" : "external encoders"})`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing running jobs, then stopping.`);
  clearInterval(sweeper);
  await app.stop();
  await services.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
