import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { migrationsFolder } from "./migrations";
import * as schema from "./schema";
import type { Database } from "./types";

const MAX_CONNECTIONS = 10;

/** Whoever migrates a database holds the advisory lock of this name on it. */
const MIGRATION_LOCK_NAME = "@wr/db migrations";

/** PostgreSQL through postgres.js, migrated before it is handed out. */
export async function openPostgres(databaseUrl: string): Promise<Database> {
  const client = postgres(databaseUrl, { max: MAX_CONNECTIONS, onnotice: () => {} });
  try {
    const db = drizzle({ client, schema });
    await migrateExclusively(client, db);
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  } catch (error) {
    await client.end({ timeout: 5 });
    throw error;
  }
}

/**
 * drizzle's migrator takes no lock: two processes starting together would both try to create
 * the same tables. Each one waits for a session advisory lock, held on a connection set aside
 * for it, while the pool runs the migrations; the second then finds them applied.
 */
async function migrateExclusively(
  client: postgres.Sql,
  db: PostgresJsDatabase<typeof schema>,
): Promise<void> {
  const lock = await client.reserve();
  try {
    await lock`select pg_advisory_lock(hashtext(${MIGRATION_LOCK_NAME}))`;
    try {
      await migrate(db, { migrationsFolder });
    } finally {
      await lock`select pg_advisory_unlock(hashtext(${MIGRATION_LOCK_NAME}))`;
    }
  } finally {
    lock.release();
  }
}
