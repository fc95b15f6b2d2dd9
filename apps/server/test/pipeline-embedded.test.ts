import { definePipelineSuite } from "./support/pipeline-suite";

definePipelineSuite({ database: "pglite", queue: "in-process" });
