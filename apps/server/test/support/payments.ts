import { expect } from "bun:test";
import type postgres from "postgres";
import { me, REQUEST_TIMEOUT_MS, request } from "./accounts";
import type { ApiAnswer } from "./client";
import { type RunningServer, startServer } from "./server-process";

/** The default credit packages (id, price in PKR, credits) the contract names. */
export const DEFAULT_PACKAGE_FACTS = [
  { id: "starter", price: 500, credits: 10, recommended: false },
  { id: "pro", price: 1500, credits: 50, recommended: true },
  { id: "business", price: 4000, credits: 150, recommended: false },
];

export const UNKNOWN_ORDER_ID = "00000000-0000-4000-8000-000000000000";
export const HEX = /^[0-9a-f]+$/;

export type SandboxMethod = "wallet" | "card" | "bank_transfer";
export type SandboxDecision = "approve" | "decline";
export type Order = { orderId: string; paymentUrl: string };
export type Decision = {
  status: number;
  /** The Location header as sent (a path such as `/payment-success?...`), or null. */
  location: string | null;
  /** The query of the Location, parsed. */
  query: URLSearchParams;
  path: string | null;
};

export function createOrderRequest(base: string, packageId: unknown, token?: string) {
  return request(base, "POST", "/api/payment/create-order", { token, body: { packageId } });
}

/** POST /api/payment/create-order; fails the test unless it succeeds. */
export async function createOrder(base: string, token: string, packageId = "pro"): Promise<Order> {
  const result = await createOrderRequest(base, packageId, token);
  expect({ status: result.status, success: result.body.success }).toEqual({
    status: 200,
    success: true,
  });
  return { orderId: result.body.orderId, paymentUrl: result.body.paymentUrl };
}

/** The payer's choice on the sandbox checkout page, as the browser's form post sends it. */
export async function decide(
  paymentUrl: string,
  method: SandboxMethod,
  decision: SandboxDecision,
): Promise<Decision> {
  const response = await fetch(paymentUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ method, decision }).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  const location = response.headers.get("location");
  const parsed = location ? new URL(location, paymentUrl) : null;
  return {
    status: response.status,
    location,
    query: parsed?.searchParams ?? new URLSearchParams(),
    path: parsed?.pathname ?? null,
  };
}

/** Pays an order on the checkout page (approve) and returns the gateway's transaction id. */
export async function approve(order: Order, method: "wallet" | "card" = "wallet") {
  const result = await decide(order.paymentUrl, method, "approve");
  expect({ status: result.status, path: result.path }).toEqual({
    status: 303,
    path: "/payment-success",
  });
  return String(result.query.get("transaction_id"));
}

/** Creates an order and pays it on the checkout page; not yet confirmed. */
export async function buy(base: string, token: string, packageId = "pro", method?: "card") {
  const order = await createOrder(base, token, packageId);
  return { ...order, transactionId: await approve(order, method) };
}

/** The body the success page sends: the order, the gateway's transaction id, "success". */
export function success(order: { orderId: string; transactionId: string }) {
  return { orderId: order.orderId, transactionId: order.transactionId, status: "success" };
}

export function confirm(base: string, token: string | undefined, body: unknown) {
  return request(base, "POST", "/api/payment/confirm", { token, body });
}

export function verify(base: string, token: string | undefined, orderId: string) {
  return request(base, "GET", `/api/payment/verify/${orderId}`, { token });
}

/** The user's credits as GET /api/auth/me tells them. */
export async function creditsOf(base: string, token: string): Promise<number> {
  const result = await me(base, token);
  expect(result.status).toBe(200);
  return result.body.user.credits;
}

export async function orderRow(sql: postgres.Sql, orderId: string) {
  const [row] = await sql`select * from orders where id = ${orderId}`;
  return row;
}

export async function ledgerRows(sql: postgres.Sql, orderId: string) {
  const rows = await sql`select user_id, delta from credit_ledger where order_id = ${orderId}`;
  return rows.map(({ user_id, delta }) => ({ user_id, delta }));
}

/** The sandbox gateway's records of an order, as plain objects. */
export async function sandboxRows(sql: postgres.Sql, orderId: string) {
  const rows = await sql`
    select id, order_id, amount, method, status from sandbox_payments
    where order_id = ${orderId} order by created_at`;
  return rows.map(({ id, order_id, amount, method, status }) => ({
    id,
    order_id,
    amount,
    method,
    status,
  }));
}

/** A refused confirmation: 400 with the message, and the order granted nothing. */
export async function expectNoGrant(sql: postgres.Sql, orderId: string): Promise<void> {
  expect((await orderRow(sql, orderId))?.status).not.toBe("paid");
  expect(await ledgerRows(sql, orderId)).toHaveLength(0);
}

export function expectConfirmed(result: ApiAnswer, creditsAdded: number, credits: number): void {
  expect({ status: result.status, body: result.body }).toEqual({
    status: 200,
    body: { success: true, creditsAdded, credits },
  });
}

/**
 * A server on an existing PostgreSQL database that outlives it: startServer's postgres mode
 * makes (and, on stop, drops) a database of its own, so the URL is passed in the env instead
 * (the server uses DATABASE_URL whenever it is set). Stopping this server keeps the database.
 */
export function startOnDatabase(
  databaseUrl: string,
  env: Record<string, string | undefined> = {},
): Promise<RunningServer> {
  return startServer(
    { database: "pglite", queue: "in-process" },
    {
      DATABASE_URL: databaseUrl,
      LOGIN_MAX_PER_EMAIL: "1000",
      LOGIN_MAX_PER_IP: "100000",
      ...env,
    },
  );
}
