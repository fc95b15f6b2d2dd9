import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type Database, openDatabase, users } from "../src";
import { countAppliedMigrations, shippedMigrations } from "./migrations";
import { roundTripTests } from "./round-trip";

// PGlite's first start in a new folder takes about 10 s: one folder for the whole file.
let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "wr-db-"));
  database = await openDatabase({ dataDir: join(dataDir, "nested", "data") });
}, 60_000);

afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("PGlite", () => {
  test("opens in a fresh folder (creating it) with the migrations applied", async () => {
    expect(database.kind).toBe("pglite");
    expect(await database.db.$count(users)).toBe(0);
    expect(await countAppliedMigrations(database.db)).toBe(shippedMigrations);
  });

  roundTripTests(() => database.db);

  test("re-opening the same folder keeps the data and applies no migration twice", async () => {
    const email = "kept@example.com";
    await database.db.insert(users).values({ name: "Kept", email, passwordHash: "hash" });
    const before = await database.db.$count(users);
    await database.close();

    database = await openDatabase({ dataDir: join(dataDir, "nested", "data") });
    expect(await countAppliedMigrations(database.db)).toBe(shippedMigrations);
    expect(await database.db.$count(users)).toBe(before);
    const kept = await database.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(kept?.name).toBe("Kept");
  }, 60_000);
});
