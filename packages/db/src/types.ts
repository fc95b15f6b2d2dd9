import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** The drizzle database, whichever driver is underneath; services are written against this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Closes the connection(s); the Database must not be used afterwards. */
  close(): Promise<void>;
};
