import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestDatabase, type TestDatabase } from "@wr/db/testing";
import postgres from "postgres";
import {
  loginToken,
  register,
  request,
  startWithDatabase,
  stopAll,
  type TestEnv,
} from "./support/accounts";
import {
  approve,
  buy,
  confirm,
  createOrder,
  creditsOf,
  expectConfirmed,
  ledgerRows,
  orderRow,
  startOnDatabase,
  success,
} from "./support/payments";
import type { RunningServer } from "./support/server-process";

const TIMEOUT = 120_000;

let env: TestEnv;
beforeAll(async () => {
  env = await startWithDatabase();
}, TIMEOUT);
afterAll(() => stopAll([env]), TIMEOUT);

test("twenty concurrent confirms of one paid order add its credits exactly once", async () => {
  const url = env.server.url;
  const user = await register(url);
  const order = await buy(url, user.token, "pro");
  const results = await Promise.all(
    Array.from({ length: 20 }, () => confirm(url, user.token, success(order))),
  );
  expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
  for (const result of results) {
    expect(Object.keys(result.body).sort()).toEqual(["credits", "creditsAdded", "success"]);
    expect(result.body.success).toBe(true);
  }
  const added = results.map((result) => result.body.creditsAdded).sort((a, b) => b - a);
  expect(added).toEqual([50, ...Array(19).fill(0)]);
  expect(results.find((result) => result.body.creditsAdded === 50)?.body.credits).toBe(50);
  expect(await creditsOf(url, user.token)).toBe(50);
  const [row] = await env.sql`select credits from users where id = ${user.user._id}`;
  expect(row?.credits).toBe(50);
  expect(await ledgerRows(env.sql, order.orderId)).toEqual([{ user_id: user.user._id, delta: 50 }]);
  expect((await orderRow(env.sql, order.orderId))?.status).toBe("paid");
});

test("concurrent confirms of several paid orders of one user grant each order once", async () => {
  const url = env.server.url;
  const user = await register(url);
  const orders = await Promise.all([
    buy(url, user.token, "starter"),
    buy(url, user.token, "pro"),
    buy(url, user.token, "business", "card"),
  ]);
  const results = await Promise.all(
    orders.flatMap((order) =>
      Array.from({ length: 5 }, () => confirm(url, user.token, success(order))),
    ),
  );
  expect(results.every((result) => result.status === 200)).toBe(true);
  const added = results.map((result) => result.body.creditsAdded).filter((n) => n > 0);
  expect(added.sort((a, b) => a - b)).toEqual([10, 50, 150]);
  expect(await creditsOf(url, user.token)).toBe(210);
  const [ledger] = await env.sql`
    select count(*)::int as n, sum(delta)::int as total from credit_ledger
    where user_id = ${user.user._id}`;
  expect(ledger).toEqual({ n: 3, total: 210 });
});

/**
 * A restart on the same database: a server is stopped and a new one started on its database,
 * with a changed package list. A confirmed order stays confirmed (nothing added again), and an
 * order made before the change keeps the price and credits it was made with.
 */
describe("restart on the same database", () => {
  const SECRET = "restart-test-payment-secret-0123456789";
  const BEFORE = [
    { id: "solo", name: "Solo", price: 700, credits: 7, recommended: false },
    { id: "team", name: "Team", price: 2100, credits: 30, recommended: true },
  ];
  const AFTER = [{ id: "team", name: "Team Plus", price: 2500, credits: 40, recommended: true }];
  let database: TestDatabase | undefined;
  let sql: postgres.Sql | undefined;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await sql?.end({ timeout: 5 });
    await database?.drop();
  }, TIMEOUT);

  test(
    "PAYMENT_PACKAGES replaces the defaults; after a restart on the same database a paid order adds nothing and a pending order keeps its price",
    async () => {
      database = await createTestDatabase();
      sql = postgres(database.url, { max: 2, onnotice: () => {} });
      const first = await startOnDatabase(database.url, {
        PAYMENT_SECRET: SECRET,
        PAYMENT_PACKAGES: JSON.stringify(BEFORE),
      });
      servers.push(first);
      const listed = await request(first.url, "GET", "/api/payment/packages");
      expect(listed.body).toEqual({ packages: BEFORE });
      const user = await register(first.url);
      const paid = await buy(first.url, user.token, "team");
      expectConfirmed(await confirm(first.url, user.token, success(paid)), 30, 30);
      const pending = await createOrder(first.url, user.token, "team");
      await first.stop();
      servers.pop();

      const second = await startOnDatabase(database.url, {
        PAYMENT_SECRET: SECRET,
        PAYMENT_PACKAGES: JSON.stringify(AFTER),
      });
      servers.push(second);
      expect((await request(second.url, "GET", "/api/payment/packages")).body).toEqual({
        packages: AFTER,
      });
      const token = await loginToken(second.url, user.email, user.password);
      expectConfirmed(await confirm(second.url, token, success(paid)), 0, 30);
      expectConfirmed(await confirm(second.url, token, { orderId: paid.orderId }), 0, 30);
      expect(await creditsOf(second.url, token)).toBe(30);
      expect(await ledgerRows(sql, paid.orderId)).toHaveLength(1);

      // The order made before the change: same price and credits on the new server's checkout.
      const moved = { ...pending, paymentUrl: pending.paymentUrl.replace(first.url, second.url) };
      const page = await fetch(moved.paymentUrl, { signal: AbortSignal.timeout(20_000) });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/2,?100/);
      const transactionId = await approve(moved);
      const [payment] = await sql`select amount from sandbox_payments where id = ${transactionId}`;
      expect(payment?.amount).toBe(2100);
      expectConfirmed(
        await confirm(second.url, token, success({ ...pending, transactionId })),
        30,
        60,
      );
      // A new order on the new server takes the new price.
      const fresh = await createOrder(second.url, token, "team");
      expect(await orderRow(sql, fresh.orderId)).toMatchObject({ amount: 2500, credits: 40 });
    },
    TIMEOUT,
  );
});
