import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AUTH_MESSAGES, PAYMENT_MESSAGES } from "@wr/contracts";
import {
  type Account,
  expectError,
  register,
  request,
  startWithDatabase,
  stopAll,
  type TestEnv,
  UUID,
} from "./support/accounts";
import {
  approve,
  buy,
  confirm,
  createOrder,
  createOrderRequest,
  creditsOf,
  DEFAULT_PACKAGE_FACTS,
  decide,
  expectConfirmed,
  expectNoGrant,
  HEX,
  ledgerRows,
  orderRow,
  sandboxRows,
  success,
  UNKNOWN_ORDER_ID,
  verify,
} from "./support/payments";

const TIMEOUT = 120_000;

let env: TestEnv;
const url = () => env.server.url;

beforeAll(async () => {
  env = await startWithDatabase();
}, TIMEOUT);
afterAll(() => stopAll([env]), TIMEOUT);

const FAILED = PAYMENT_MESSAGES.confirmationFailed;

describe("packages", () => {
  test("GET /api/payment/packages lists the defaults to anyone: starter, pro (recommended), business", async () => {
    const result = await request(url(), "GET", "/api/payment/packages");
    expect(result.status).toBe(200);
    expect(Object.keys(result.body)).toEqual(["packages"]);
    const packages = result.body.packages;
    for (const pack of packages) {
      expect(Object.keys(pack).sort()).toEqual(["credits", "id", "name", "price", "recommended"]);
      expect(typeof pack.name).toBe("string");
      expect(pack.name.length).toBeGreaterThan(0);
    }
    expect(
      packages.map(({ id, price, credits, recommended }: Record<string, unknown>) => ({
        id,
        price,
        credits,
        recommended,
      })),
    ).toEqual(DEFAULT_PACKAGE_FACTS);
  });
});

describe("create-order", () => {
  test("without a token it is 401 and no order is stored", async () => {
    const count = async () => (await env.sql`select count(*)::int as n from orders`)[0]?.n;
    const before = await count();
    const result = await createOrderRequest(url(), "pro");
    expectError(result, 401, AUTH_MESSAGES.notAuthenticated);
    expect(await count()).toBe(before);
  });

  test("an unknown or missing package is 400 Unknown credit package and stores nothing", async () => {
    const user = await register(url());
    for (const packageId of ["platinum", "", undefined, 42]) {
      const result = await createOrderRequest(url(), packageId, user.token);
      expectError(result, 400, PAYMENT_MESSAGES.unknownPackage);
    }
    const [row] =
      await env.sql`select count(*)::int as n from orders where user_id = ${user.user._id}`;
    expect(row?.n).toBe(0);
  });

  test("an order copies the package's price and credits, pending, with the sandbox provider", async () => {
    const user = await register(url());
    const result = await createOrderRequest(url(), "business", user.token);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["orderId", "paymentUrl", "success"]);
    expect(result.body.success).toBe(true);
    expect(result.body.orderId).toMatch(UUID);
    expect(() => new URL(result.body.paymentUrl)).not.toThrow();
    const row = await orderRow(env.sql, result.body.orderId);
    expect(row?.provider_reference).toMatch(/\S/);
    const listed = await request(url(), "GET", "/api/payment/packages");
    const business = listed.body.packages.find((pack: { id: string }) => pack.id === "business");
    expect(row?.package_name).toBe(business.name);
    expect(row).toMatchObject({
      user_id: user.user._id,
      package_id: "business",
      amount: 4000,
      credits: 150,
      status: "pending",
      provider: "sandbox",
    });
    expect(await creditsOf(url(), user.token)).toBe(0);
  });
});

describe("sandbox checkout", () => {
  test("GET paymentUrl is an HTML page showing the amount", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "pro");
    const response = await fetch(order.paymentUrl, { signal: AbortSignal.timeout(20_000) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toMatch(/1,?500/);
  });

  test("approve with a wallet: 303 to /payment-success with order, transaction and signature; recorded paid; no second decision", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "starter");
    const paid = await decide(order.paymentUrl, "wallet", "approve");
    expect(paid.status).toBe(303);
    expect(paid.location?.startsWith("/payment-success?")).toBe(true);
    expect(paid.query.get("order_id")).toBe(order.orderId);
    const transactionId = paid.query.get("transaction_id") ?? "";
    expect(transactionId.length).toBeGreaterThan(0);
    expect(paid.query.get("signature")).toMatch(HEX);
    expect(await sandboxRows(env.sql, order.orderId)).toEqual([
      { id: transactionId, order_id: order.orderId, amount: 500, method: "wallet", status: "paid" },
    ]);

    for (const [method, decision] of [
      ["wallet", "approve"],
      ["card", "approve"],
      ["bank_transfer", "approve"],
      ["wallet", "decline"],
    ] as const) {
      expect((await decide(order.paymentUrl, method, decision)).status).toBe(404);
    }
    // Still refused once the order itself is confirmed.
    expectConfirmed(
      await confirm(url(), user.token, { orderId: order.orderId, transactionId }),
      10,
      10,
    );
    expect((await decide(order.paymentUrl, "card", "approve")).status).toBe(404);
    expect(await sandboxRows(env.sql, order.orderId)).toHaveLength(1);
  });

  test("approve with a card records a card payment", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "starter");
    const paid = await decide(order.paymentUrl, "card", "approve");
    expect(paid.status).toBe(303);
    expect(paid.path).toBe("/payment-success");
    const [row] = await env.sql`
      select method, status from sandbox_payments where id = ${paid.query.get("transaction_id")}`;
    expect(row).toEqual({ method: "card", status: "paid" });
  });

  test("decline: 303 to /payment-failed with order and signature; recorded declined", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "pro");
    const declined = await decide(order.paymentUrl, "card", "decline");
    expect(declined.status).toBe(303);
    expect(declined.location?.startsWith("/payment-failed?")).toBe(true);
    expect(declined.query.get("order_id")).toBe(order.orderId);
    expect(declined.query.get("signature")).toMatch(HEX);
    expect(declined.query.has("transaction_id")).toBe(false);
    const rows = await sandboxRows(env.sql, order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_id: order.orderId, amount: 1500, status: "declined" });
  });

  test("bank transfer: 303 to /payment/manual with order, amount and signature; awaiting; no second decision", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "pro");
    const manual = await decide(order.paymentUrl, "bank_transfer", "approve");
    expect(manual.status).toBe(303);
    expect(manual.location?.startsWith("/payment/manual?")).toBe(true);
    expect(manual.query.get("order_id")).toBe(order.orderId);
    expect(manual.query.get("amount")).toBe("1500");
    expect(manual.query.get("signature")).toMatch(HEX);
    const rows = await sandboxRows(env.sql, order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: "bank_transfer",
      amount: 1500,
      status: "awaiting_transfer",
    });
    expect((await decide(order.paymentUrl, "wallet", "approve")).status).toBe(404);
    expect((await decide(order.paymentUrl, "bank_transfer", "approve")).status).toBe(404);
    expect((await decide(order.paymentUrl, "card", "decline")).status).toBe(404);
    expect(await sandboxRows(env.sql, order.orderId)).toEqual(rows);
  });
});

describe("confirm", () => {
  test("a paid order adds its credits once; a repeated confirm succeeds with creditsAdded 0", async () => {
    const user = await register(url());
    const order = await buy(url(), user.token, "pro");
    const body = { orderId: order.orderId, transactionId: order.transactionId, status: "success" };
    expectConfirmed(await confirm(url(), user.token, body), 50, 50);
    expectConfirmed(await confirm(url(), user.token, body), 0, 50);
    expectConfirmed(await confirm(url(), user.token, { orderId: order.orderId }), 0, 50);
    expect(await creditsOf(url(), user.token)).toBe(50);
    const row = await orderRow(env.sql, order.orderId);
    expect(row).toMatchObject({ status: "paid", transaction_id: order.transactionId });
    expect(row?.paid_at).toBeInstanceOf(Date);
    expect(await ledgerRows(env.sql, order.orderId)).toEqual([
      { user_id: user.user._id, delta: 50 },
    ]);
    expect((await verify(url(), user.token, order.orderId)).body).toEqual({ status: "paid" });
  });

  test("purchases add up: a card-paid starter after a pro makes 60", async () => {
    const user = await register(url());
    const pro = await buy(url(), user.token, "pro");
    expectConfirmed(await confirm(url(), user.token, success(pro)), 50, 50);
    const starter = await buy(url(), user.token, "starter", "card");
    expectConfirmed(await confirm(url(), user.token, success(starter)), 10, 60);
    expect(await creditsOf(url(), user.token)).toBe(60);
  });

  test("no token is 401; no orderId is 400 Invalid payment confirmation", async () => {
    const user = await register(url());
    const order = await buy(url(), user.token, "starter");
    expectError(
      await confirm(url(), undefined, success(order)),
      401,
      AUTH_MESSAGES.notAuthenticated,
    );
    for (const body of [
      {},
      { transactionId: order.transactionId, status: "success" },
      { orderId: "" },
    ]) {
      expectError(
        await confirm(url(), user.token, body),
        400,
        PAYMENT_MESSAGES.invalidConfirmation,
      );
    }
    await expectNoGrant(env.sql, order.orderId);
    expect(await creditsOf(url(), user.token)).toBe(0);
  });

  test("status success for an order never paid, or an unknown order, is refused", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "business");
    for (const body of [
      { orderId: order.orderId, status: "success" },
      { orderId: order.orderId, transactionId: "", status: "success" },
      { orderId: UNKNOWN_ORDER_ID, status: "success" },
      { orderId: "not-an-order", status: "success" },
    ]) {
      expectError(await confirm(url(), user.token, body), 400, FAILED);
    }
    await expectNoGrant(env.sql, order.orderId);
    expect(await creditsOf(url(), user.token)).toBe(0);
  });

  test("a forged transaction id is refused, for a paid order and an unpaid one; the real one still works", async () => {
    const user = await register(url());
    const paid = await buy(url(), user.token, "pro");
    const unpaid = await createOrder(url(), user.token, "pro");
    for (const orderId of [paid.orderId, unpaid.orderId]) {
      for (const transactionId of [
        "sbx_000000000000000000000000",
        "forged",
        `${paid.transactionId}x`,
      ]) {
        const result = await confirm(url(), user.token, {
          orderId,
          transactionId,
          status: "success",
        });
        expectError(result, 400, FAILED);
      }
      await expectNoGrant(env.sql, orderId);
    }
    expect(await creditsOf(url(), user.token)).toBe(0);
    expectConfirmed(await confirm(url(), user.token, success(paid)), 50, 50);
    // Once paid, a different transaction id is still refused.
    expectError(
      await confirm(url(), user.token, { ...success(paid), transactionId: "forged" }),
      400,
      FAILED,
    );
    expect(await creditsOf(url(), user.token)).toBe(50);
  });

  test("another user's order is refused even with the right transaction id; the owner is unaffected", async () => {
    const owner = await register(url());
    const intruder: Account = await register(url());
    const order = await buy(url(), owner.token, "pro");
    const body = success(order);
    expectError(await confirm(url(), intruder.token, body), 400, FAILED);
    await expectNoGrant(env.sql, order.orderId);
    expect(await creditsOf(url(), intruder.token)).toBe(0);
    expect(await creditsOf(url(), owner.token)).toBe(0);
    expectConfirmed(await confirm(url(), owner.token, body), 50, 50);
    // Nor can the intruder replay it afterwards.
    expectError(await confirm(url(), intruder.token, body), 400, FAILED);
    expect(await creditsOf(url(), intruder.token)).toBe(0);
  });

  test("a declined order is refused, with or without the declined record's id", async () => {
    const user = await register(url());
    const order = await createOrder(url(), user.token, "pro");
    expect((await decide(order.paymentUrl, "wallet", "decline")).status).toBe(303);
    const [declined] =
      await env.sql`select id from sandbox_payments where order_id = ${order.orderId}`;
    for (const transactionId of [undefined, declined?.id]) {
      const result = await confirm(url(), user.token, {
        orderId: order.orderId,
        transactionId,
        status: "success",
      });
      expectError(result, 400, FAILED);
    }
    await expectNoGrant(env.sql, order.orderId);
    expect(await creditsOf(url(), user.token)).toBe(0);
  });

  test("a gateway amount other than the order's is refused and grants nothing", async () => {
    const user = await register(url());
    const order = await buy(url(), user.token, "pro");
    await env.sql`update sandbox_payments set amount = 1 where id = ${order.transactionId}`;
    expectError(await confirm(url(), user.token, success(order)), 400, FAILED);
    expectError(await confirm(url(), user.token, { orderId: order.orderId }), 400, FAILED);
    expect((await verify(url(), user.token, order.orderId)).body.status).not.toBe("paid");
    await expectNoGrant(env.sql, order.orderId);
    expect(await creditsOf(url(), user.token)).toBe(0);
  });

  test("order A's real transaction id does not confirm order B, before or after A is confirmed", async () => {
    const user = await register(url());
    const a = await buy(url(), user.token, "starter");
    const b = await createOrder(url(), user.token, "business");
    const crossed = { orderId: b.orderId, transactionId: a.transactionId, status: "success" };
    expectError(await confirm(url(), user.token, crossed), 400, FAILED);
    await expectNoGrant(env.sql, b.orderId);
    expectConfirmed(await confirm(url(), user.token, success(a)), 10, 10);
    expectError(await confirm(url(), user.token, crossed), 400, FAILED);
    await expectNoGrant(env.sql, b.orderId);
    expect(await creditsOf(url(), user.token)).toBe(10);
    // B paid for itself is still accepted with its own transaction id.
    const bTransaction = await approve(b);
    expectConfirmed(
      await confirm(url(), user.token, success({ ...b, transactionId: bTransaction })),
      150,
      160,
    );
  });
});
