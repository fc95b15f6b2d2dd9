import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AUTH_MESSAGES, PAYMENT_MESSAGES } from "@wr/contracts";
import {
  expectError,
  ISO_DATE,
  loginToken,
  register,
  request,
  runCli,
  startWithDatabase,
  stopAll,
  type TestEnv,
  UUID,
} from "./support/accounts";
import { trpc } from "./support/client";
import {
  buy,
  confirm,
  createOrder,
  creditsOf,
  decide,
  expectConfirmed,
  ledgerRows,
  orderRow,
  success,
  UNKNOWN_ORDER_ID,
  verify,
} from "./support/payments";

const TIMEOUT = 120_000;
const ADMIN_EMAIL = "cashier@example.com";
const ADMIN = { ADMIN_EMAIL, ADMIN_PASSWORD: "cashier-password-1" };
const ORDER_KEYS = [
  "_id",
  "amount",
  "createdAt",
  "credits",
  "currency",
  "packageId",
  "packageName",
  "paidAt",
  "provider",
  "providerReference",
  "status",
  "transactionId",
  "updatedAt",
  "user",
].sort();

let env: TestEnv;
let adminToken: string;
const url = () => env.server.url;

beforeAll(async () => {
  env = await startWithDatabase(ADMIN);
  adminToken = await loginToken(url(), ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
}, TIMEOUT);
afterAll(() => stopAll([env]), TIMEOUT);

/** As the admin unless a caller is given (`{}` is a guest). */
const recordTransfer = (orderId: string, caller: { token?: string } = { token: adminToken }) =>
  request(url(), "POST", `/api/admin/orders/${orderId}/record-transfer`, caller);
const listOrders = (caller: { token?: string } = { token: adminToken }) =>
  request(url(), "GET", "/api/admin/orders?limit=200", caller);

/** An order whose payer chose a bank transfer on the checkout page. */
async function awaitingTransfer(token: string, packageId = "pro") {
  const order = await createOrder(url(), token, packageId);
  const manual = await decide(order.paymentUrl, "bank_transfer", "approve");
  expect({ status: manual.status, path: manual.path }).toEqual({
    status: 303,
    path: "/payment/manual",
  });
  return order;
}

describe("verify", () => {
  test("no token is 401; another user's or an unknown order is 404 Order not found", async () => {
    const owner = await register(url());
    const other = await register(url());
    const order = await createOrder(url(), owner.token, "pro");
    expectError(await verify(url(), undefined, order.orderId), 401, AUTH_MESSAGES.notAuthenticated);
    for (const orderId of [order.orderId, UNKNOWN_ORDER_ID, "not-an-order"]) {
      expectError(await verify(url(), other.token, orderId), 404, PAYMENT_MESSAGES.orderNotFound);
    }
    expect((await verify(url(), owner.token, order.orderId)).body).toEqual({ status: "pending" });
  });

  test("a new order is pending; a declined one is failed and stays unconfirmable", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "starter");
    const pending = await verify(url(), user.token, order.orderId);
    expect({ status: pending.status, body: pending.body }).toEqual({
      status: 200,
      body: { status: "pending" },
    });
    expect((await decide(order.paymentUrl, "wallet", "decline")).status).toBe(303);
    expect((await verify(url(), user.token, order.orderId)).body).toEqual({ status: "failed" });
    expect((await verify(url(), user.token, order.orderId)).body).toEqual({ status: "failed" });
    expect((await orderRow(env.sql, order.orderId))?.status).toBe("failed");
    const refused = await confirm(url(), user.token, { orderId: order.orderId, status: "success" });
    expectError(refused, 400, PAYMENT_MESSAGES.confirmationFailed);
    expect(await creditsOf(url(), user.token)).toBe(0);
  });

  test("bank transfer: pending until the admin records it, then paid with credits once; confirm adds nothing", async () => {
    const user = await register(url());
    const order = await awaitingTransfer(user.token, "pro");
    expect((await verify(url(), user.token, order.orderId)).body).toEqual({ status: "pending" });
    const early = await confirm(url(), user.token, { orderId: order.orderId, status: "success" });
    expectError(early, 400, PAYMENT_MESSAGES.confirmationFailed);
    expect(await creditsOf(url(), user.token)).toBe(0);

    const recorded = await recordTransfer(order.orderId);
    expect({ status: recorded.status, body: recorded.body }).toEqual({
      status: 200,
      body: { success: true, status: "paid" },
    });
    expect(await creditsOf(url(), user.token)).toBe(50);
    for (let i = 0; i < 2; i++) {
      expect((await verify(url(), user.token, order.orderId)).body).toEqual({ status: "paid" });
    }
    expectConfirmed(await confirm(url(), user.token, { orderId: order.orderId }), 0, 50);
    expect(await creditsOf(url(), user.token)).toBe(50);
    expect(await ledgerRows(env.sql, order.orderId)).toEqual([
      { user_id: user.user._id, delta: 50 },
    ]);
    const [payment] = await env.sql`
      select status from sandbox_payments where order_id = ${order.orderId}`;
    expect(payment?.status).toBe("paid");
  });
});

describe("admin orders", () => {
  test("guests get 401 and users 403 on the list and on record-transfer; nothing is settled", async () => {
    const user = await register(url());
    const order = await awaitingTransfer(user.token);
    expectError(await listOrders({}), 401, AUTH_MESSAGES.notAuthenticated);
    expectError(await listOrders({ token: user.token }), 403, AUTH_MESSAGES.notAdmin);
    expectError(await recordTransfer(order.orderId, {}), 401, AUTH_MESSAGES.notAuthenticated);
    expectError(await recordTransfer(order.orderId, user), 403, AUTH_MESSAGES.notAdmin);
    expect((await verify(url(), user.token, order.orderId)).body).toEqual({ status: "pending" });
    expect(await creditsOf(url(), user.token)).toBe(0);
  });

  test("the list shows every order, newest first, with its owner and payment fields", async () => {
    const user = await register(url(), { name: "Olga Orders" });
    const first = await buy(url(), user.token, "starter");
    expectConfirmed(await confirm(url(), user.token, success(first)), 10, 10);
    const second = await createOrder(url(), user.token, "business");

    const result = await listOrders();
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["limit", "offset", "orders", "total"]);
    expect(result.body).toMatchObject({ limit: 200, offset: 0 });
    const [counted] = await env.sql`select count(*)::int as n from orders`;
    expect(result.body.total).toBe(counted?.n);
    const list = result.body.orders;
    expect(list).toHaveLength(counted?.n);
    const created = list.map((order: { createdAt: string }) => Date.parse(order.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const ids = list.map((order: { _id: string }) => order._id);
    expect(ids.indexOf(second.orderId)).toBeLessThan(ids.indexOf(first.orderId));

    const paid = list.find((order: { _id: string }) => order._id === first.orderId);
    const pending = list.find((order: { _id: string }) => order._id === second.orderId);
    for (const order of [paid, pending]) {
      expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
      expect(order.user).toEqual({ _id: user.user._id, name: "Olga Orders", email: user.email });
      expect(order._id).toMatch(UUID);
      expect(order.createdAt).toMatch(ISO_DATE);
      expect(order.updatedAt).toMatch(ISO_DATE);
      expect(order).toMatchObject({ currency: "PKR", provider: "sandbox" });
      expect(order.providerReference).toMatch(/\S/);
    }
    expect(paid).toMatchObject({
      packageId: "starter",
      amount: 500,
      credits: 10,
      status: "paid",
      transactionId: first.transactionId,
    });
    expect(paid.paidAt).toMatch(ISO_DATE);
    expect(pending).toMatchObject({
      packageId: "business",
      amount: 4000,
      credits: 150,
      status: "pending",
      transactionId: null,
      paidAt: null,
    });
    expect(typeof pending.packageName).toBe("string");
  });

  test("record-transfer: 400 when no transfer is awaited (new, paid, declined, already recorded), 404 when unknown", async () => {
    const user = await register(url());
    const fresh = await createOrder(url(), user.token, "starter");
    const paid = await buy(url(), user.token, "starter");
    expectConfirmed(await confirm(url(), user.token, success(paid)), 10, 10);
    const declined = await createOrder(url(), user.token, "starter");
    expect((await decide(declined.paymentUrl, "card", "decline")).status).toBe(303);
    const transfer = await awaitingTransfer(user.token, "starter");
    expect((await recordTransfer(transfer.orderId)).status).toBe(200);
    expect(await creditsOf(url(), user.token)).toBe(20);

    for (const order of [fresh, paid, declined, transfer]) {
      const result = await recordTransfer(order.orderId);
      expect(result.status).toBe(400);
      expect(result.body.success).toBe(false);
    }
    expect((await recordTransfer(UNKNOWN_ORDER_ID)).status).toBe(404);
    expect(await creditsOf(url(), user.token)).toBe(20);
    expect((await orderRow(env.sql, fresh.orderId))?.status).toBe("pending");
    expect(await ledgerRows(env.sql, transfer.orderId)).toHaveLength(1);
  });

  test("the operator CLI records a transfer with the server's settings", async () => {
    const user = await register(url());
    const order = await awaitingTransfer(user.token, "business");
    const settings = { DATABASE_URL: env.server.databaseUrl ?? "", DATA_DIR: env.server.dataDir };
    const run = await runCli(["record-transfer", order.orderId], settings);
    expect({ code: run.code, output: run.output }).toMatchObject({ code: 0 });
    expect((await verify(url(), user.token, order.orderId)).body).toEqual({ status: "paid" });
    expect(await creditsOf(url(), user.token)).toBe(150);
    expect(await ledgerRows(env.sql, order.orderId)).toHaveLength(1);
  }, 60_000);
});

describe("tRPC", () => {
  test("a full purchase over tRPC: packages, createOrder, checkout, confirm, verify, admin.orders", async () => {
    const user = await register(url());
    const caller = { token: user.token };
    const packages = await trpc(url(), "query", "payment.packages", undefined);
    expect(packages.status).toBe(200);
    expect(packages.body.result.data.packages.map((p: { id: string }) => p.id)).toEqual([
      "starter",
      "pro",
      "business",
    ]);

    const created = await trpc(
      url(),
      "mutation",
      "payment.createOrder",
      { packageId: "pro" },
      caller,
    );
    expect(created.status).toBe(200);
    const order = created.body.result.data;
    // (No asymmetric matchers in toMatchObject: bun 1.4.5 writes them into the received object.)
    expect(order.success).toBe(true);
    expect(order.orderId).toMatch(UUID);
    const paid = await decide(order.paymentUrl, "card", "approve");
    expect(paid.status).toBe(303);
    const transactionId = String(paid.query.get("transaction_id"));

    const forged = await trpc(
      url(),
      "mutation",
      "payment.confirm",
      { orderId: order.orderId, transactionId: "forged", status: "success" },
      caller,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error?.message).toBe(PAYMENT_MESSAGES.confirmationFailed);

    const body = { orderId: order.orderId, transactionId, status: "success" };
    const confirmed = await trpc(url(), "mutation", "payment.confirm", body, caller);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result.data).toEqual({ success: true, creditsAdded: 50, credits: 50 });
    const again = await trpc(url(), "mutation", "payment.confirm", body, caller);
    expect(again.body.result.data).toEqual({ success: true, creditsAdded: 0, credits: 50 });

    const verified = await trpc(
      url(),
      "query",
      "payment.verify",
      { orderId: order.orderId },
      caller,
    );
    expect(verified.body.result.data).toEqual({ status: "paid" });

    const listed = await trpc(
      url(),
      "query",
      "admin.orders",
      { limit: 200 },
      { token: adminToken },
    );
    expect(listed.status).toBe(200);
    const row = listed.body.result.data.orders.find(
      (item: { _id: string }) => item._id === order.orderId,
    );
    expect(row).toMatchObject({ status: "paid", transactionId, credits: 50, amount: 1500 });
    const refused = await trpc(url(), "query", "admin.orders", {}, caller);
    expect(refused.status).toBe(403);
    expect(await creditsOf(url(), user.token)).toBe(50);
  });
});
