import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "./migrations";
import * as schema from "./schema";
import type { Database } from "./types";

/**
 * Embedded Postgres (PGlite) persisted in join(dataDir, "db"). One process only: PGlite cannot
 * share its folder with another process.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const folder = join(dataDir, "db");
  await mkdir(folder, { recursive: true });
  const client = await PGlite.create(folder);
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    return { db, kind: "pglite", close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}
