import { definePipelineSuite } from "./support/pipeline-suite";

// PostgreSQL and BullMQ on the real Redis, with the jobs run by a separate encoder process.
definePipelineSuite({ database: "postgres", queue: "bullmq" });
