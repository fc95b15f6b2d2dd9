import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Database, openDatabase, users } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";
import { countAppliedMigrations, shippedMigrations } from "./migrations";
import { roundTripTests } from "./round-trip";

// Needs the PostgreSQL at 127.0.0.1:5432: createTestDatabase rejects, and the tests fail, without it.
const dataDir = "/nonexistent/unused-with-a-database-url";
let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ databaseUrl: testDatabase.url, dataDir });
});

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

describe("PostgreSQL", () => {
  test("opens a fresh database with the migrations applied", async () => {
    expect(database.kind).toBe("postgres");
    expect(await database.db.$count(users)).toBe(0);
    expect(await countAppliedMigrations(database.db)).toBe(shippedMigrations);
  });

  roundTripTests(() => database.db);

  test("two openDatabase calls racing on one fresh database both succeed (as two processes)", async () => {
    const fresh = await createTestDatabase();
    const open = () => openDatabase({ databaseUrl: fresh.url, dataDir });
    const results = await Promise.allSettled([open(), open()]);
    const opened = results.flatMap((result) =>
      result.status === "fulfilled" ? [result.value] : [],
    );
    try {
      for (const result of results) if (result.status === "rejected") throw result.reason;
      for (const { db } of opened) expect(await countAppliedMigrations(db)).toBe(shippedMigrations);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
      await fresh.drop();
    }
  });
});
