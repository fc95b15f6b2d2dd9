import type { Db } from "@wr/db";

/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];
