import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Database } from "./types";

export type OpenDatabaseOptions = {
  /** A postgres:// URL; when absent, the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
};

/** Opens the database and applies any pending migrations before resolving. */
export function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
