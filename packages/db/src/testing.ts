import { randomBytes } from "node:crypto";
import postgres from "postgres";

/** The PostgreSQL every development and CI machine runs (trust auth, database `test`). */
export const TEST_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

export type TestDatabase = {
  /** Connection URL of the new, empty database. */
  url: string;
  name: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
};

/**
 * Creates a fresh database (wr_test_<random>) on the test server, for one test file.
 * Rejects when the server is unreachable, so tests that need PostgreSQL fail instead of skipping.
 */
export async function createTestDatabase(serverUrl = TEST_POSTGRES_URL): Promise<TestDatabase> {
  const name = `wr_test_${randomBytes(8).toString("hex")}`;
  await withServer(serverUrl, (sql) => sql`create database ${sql(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withServer(serverUrl, (sql) => sql`drop database if exists ${sql(name)} with (force)`),
  };
}

async function withServer(
  serverUrl: string,
  run: (sql: postgres.Sql) => Promise<unknown>,
): Promise<void> {
  const sql = postgres(serverUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
