import { afterAll, beforeAll, expect, test } from "bun:test";
import { jazzCash } from "@wr/api";
import { PAYMENT_MESSAGES } from "@wr/contracts";
import { register, request, startWithDatabase, stopAll, type TestEnv } from "./support/accounts";

// JazzCash itself cannot be reached from here: a stand-in on 127.0.0.1 answers its inquiry API
// the way the documentation describes, signed with the same integrity salt.
const SALT = "t3st-integrity-salt";
const MERCHANT = "MC00001";
let gateway: ReturnType<typeof Bun.serve>;
let paidReferences = new Set<string>();
let env: TestEnv;

beforeAll(async () => {
  gateway = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const asked = (await req.json()) as Record<string, string>;
      const valid = jazzCash.verifySecureHash(asked, SALT);
      const ref = asked.pp_TxnRefNo ?? "";
      const paid = valid && paidReferences.has(ref);
      const answer: Record<string, string> = {
        pp_ResponseCode: valid ? "000" : "110",
        pp_ResponseMessage: valid ? "Inquiry processed" : "Invalid hash",
        pp_TxnRefNo: ref,
        pp_MerchantID: MERCHANT,
        pp_PaymentResponseCode: paid ? "121" : "124",
        pp_Status: paid ? "Completed" : "Pending",
        pp_RetreivalReferenceNo: paid ? `RRN${ref.slice(-6)}` : "",
      };
      return Response.json({ ...answer, pp_SecureHash: jazzCash.secureHash(answer, SALT) });
    },
  });
  env = await startWithDatabase({
    PAYMENT_PROVIDER: "jazzcash",
    JAZZCASH_MERCHANT_ID: MERCHANT,
    JAZZCASH_PASSWORD: "pw123",
    JAZZCASH_INTEGRITY_SALT: SALT,
    JAZZCASH_INQUIRY_URL: `http://127.0.0.1:${gateway.port}/inquire`,
  });
}, 60_000);
afterAll(async () => {
  gateway?.stop(true);
  await stopAll([env]);
});

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[match[1] ?? ""] = (match[2] ?? "").replaceAll("&amp;", "&");
  }
  return fields;
}

test("JazzCash, enabled by configuration: signed checkout form, signed return, credits only after the inquiry", async () => {
  const base = env.server.url;
  paidReferences = new Set();
  const buyer = await register(base);
  const created = await request(base, "POST", "/api/payment/create-order", {
    token: buyer.token,
    body: { packageId: "pro" },
  });
  expect(created.status).toBe(200);
  const { orderId, paymentUrl } = created.body;
  expect(paymentUrl).toBe(`${base}/api/payment/jazzcash/redirect/${orderId}`);

  // Our redirect page posts a form JazzCash can verify: amount in paisa, our return URL, signed.
  const page = await fetch(paymentUrl);
  expect(page.headers.get("cache-control")).toBe("no-store");
  const form = hiddenFields(await page.text());
  expect(form.pp_Amount).toBe("150000");
  expect(form.pp_MerchantID).toBe(MERCHANT);
  expect(form.pp_ReturnURL).toBe(`${base}/api/payment/jazzcash/return`);
  expect(jazzCash.verifySecureHash(form, SALT)).toBe(true);
  const reference = form.pp_TxnRefNo ?? "";

  // The payer's browser comes back with a signed "paid" result: it only chooses the page.
  const back: Record<string, string> = {
    pp_TxnRefNo: reference,
    pp_Amount: "150000",
    pp_ResponseCode: "000",
    pp_RetreivalReferenceNo: `RRN${reference.slice(-6)}`,
  };
  const returned = await fetch(`${base}/api/payment/jazzcash/return`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...back, pp_SecureHash: jazzCash.secureHash(back, SALT) }),
  });
  expect(returned.status).toBe(303);
  const location = new URL(returned.headers.get("location") ?? "", base);
  expect(location.pathname).toBe("/payment-success");
  const transactionId = location.searchParams.get("transaction_id");

  // The gateway has not settled it yet: the confirm asks, hears "pending", and grants nothing.
  const early = await request(base, "POST", "/api/payment/confirm", {
    token: buyer.token,
    body: { orderId, transactionId, status: "success" },
  });
  expect(early.status).toBe(400);
  expect(early.body.error).toBe(PAYMENT_MESSAGES.confirmationFailed);

  paidReferences.add(reference);
  const confirmed = await request(base, "POST", "/api/payment/confirm", {
    token: buyer.token,
    body: { orderId, transactionId, status: "success" },
  });
  expect(confirmed.body).toEqual({ success: true, creditsAdded: 50, credits: 50 });
});

test("a return whose signature does not match goes to the failure page", async () => {
  const base = env.server.url;
  const buyer = await register(base);
  const created = await request(base, "POST", "/api/payment/create-order", {
    token: buyer.token,
    body: { packageId: "starter" },
  });
  const form = hiddenFields(await (await fetch(created.body.paymentUrl)).text());
  const back = { pp_TxnRefNo: form.pp_TxnRefNo ?? "", pp_ResponseCode: "000" };
  const returned = await fetch(`${base}/api/payment/jazzcash/return`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...back, pp_SecureHash: jazzCash.secureHash(back, "wrong-salt") }),
  });
  const location = new URL(returned.headers.get("location") ?? "", base);
  expect(location.pathname).toBe("/payment-failed");
  expect(location.searchParams.get("order_id")).toBe(created.body.orderId);
});
