import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { jazzCashConfig } from "../src/payments/jazzcash/config";
import { JazzCashProvider } from "../src/payments/jazzcash/jazzcash-provider";
import { secureHash, verifySecureHash } from "../src/payments/jazzcash/secure-hash";

const salt = "s4lt";
const base = { merchantId: "MC12345", password: "pw0123", integritySalt: salt };
const clock = new Date("2024-12-31T20:30:15Z"); // 01:30:15 on 1 January in Pakistan

function hiddenFields(html: string): Record<string, string> {
  const decode = (s: string) =>
    s
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decode(m[1] ?? "")] = decode(m[2] ?? "");
  }
  return fields;
}

describe("JazzCashProvider checkout", () => {
  const provider = new JazzCashProvider(jazzCashConfig(base), {
    now: () => clock,
    random: () => 0.5,
  });

  test("createCheckout points at our redirect route and returns a fresh pp_TxnRefNo", async () => {
    const checkout = await provider.createCheckout({
      orderId: "ord_1/x",
      amount: 1500,
      description: "500 credits",
      returnUrl: "https://app.example/api/payment/jazzcash/return",
      origin: "https://app.example/some/path",
    });
    expect(checkout).toEqual({
      paymentUrl: "https://app.example/api/payment/jazzcash/redirect/ord_1%2Fx",
      providerReference: "T2025010101301550000",
    });
    const request = {
      orderId: "o",
      description: "d",
      returnUrl: "https://a.example/r",
      origin: "https://a.example",
    };
    await expect(provider.createCheckout({ ...request, amount: 12.5 })).rejects.toThrow(RangeError);
  });

  test("checkoutPage rebuilds the same signed form from the order alone, timed by the reference", () => {
    const order = {
      id: "3f2a9c1e-0000-4000-8000-000000000001",
      amount: 1500,
      providerReference: "T2025010101301550000",
    };
    const returnUrl = "https://app.example/api/payment/jazzcash/return";
    const later = new JazzCashProvider(jazzCashConfig(base), {
      now: () => new Date("2030-01-01T00:00:00Z"),
    });
    const html = provider.checkoutPage(order, returnUrl);
    expect(later.checkoutPage(order, returnUrl)).toBe(html);
    const fields = hiddenFields(html);
    expect(verifySecureHash(fields, salt)).toBe(true);
    expect(fields).toMatchObject({
      pp_TxnRefNo: "T2025010101301550000",
      pp_TxnDateTime: "20250101013015",
      pp_TxnExpiryDateTime: "20250102013015",
      pp_Amount: "150000",
      pp_BillReference: "3f2a9c1e000040008000",
      pp_Description: "Credit package",
      pp_ReturnURL: returnUrl,
    });
    expect(() => provider.checkoutPage({ ...order, providerReference: null }, returnUrl)).toThrow();
    expect(() =>
      provider.checkoutPage({ ...order, providerReference: "abc" }, returnUrl),
    ).toThrow();
  });
});

describe("JazzCashProvider.inquire over HTTP", () => {
  const ref = "T2025010101301550000";
  let answer: (body: Record<string, string>) => Response = () => new Response("{}");
  const seen: Record<string, string>[] = [];
  let server: ReturnType<typeof Bun.serve>;

  beforeAll(() => {
    server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        const url = new URL(request.url);
        if (
          request.method !== "POST" ||
          url.pathname !== "/ApplicationAPI/API/PaymentInquiry/Inquire"
        ) {
          return new Response("not found", { status: 404 });
        }
        const body = (await request.json()) as Record<string, string>;
        seen.push(body);
        if (!verifySecureHash(body, salt)) {
          return Response.json({
            pp_ResponseCode: "115",
            pp_ResponseMessage: "Invalid hash received.",
          });
        }
        return answer(body);
      },
    });
  });
  afterAll(() => server.stop(true));

  const providerFor = (timeoutMs = 2000) =>
    new JazzCashProvider(
      jazzCashConfig({
        ...base,
        inquiryUrl: `http://127.0.0.1:${server.port}/ApplicationAPI/API/PaymentInquiry/Inquire`,
      }),
      { timeoutMs },
    );
  const order = { id: "ord_1", amount: 1500, providerReference: ref };
  const signed = (fields: Record<string, string>) =>
    Response.json({ ...fields, pp_SecureHash: secureHash(fields, salt) });

  test("a signed completed answer from the gateway makes the order paid", async () => {
    answer = (body) =>
      signed({
        pp_ResponseCode: "000",
        pp_ResponseMessage:
          "Thank you for using JazzCash. Your operation was processed successfully.",
        pp_PaymentResponseCode: "121",
        pp_Status: "Completed",
        pp_RetrievalReferenceNo: "202501010130152807581909",
        pp_TxnRefNo: body.pp_TxnRefNo ?? "",
        pp_MerchantID: body.pp_MerchantID ?? "",
        pp_Amount: "150000",
      });
    const result = await providerFor().inquire({
      ...order,
      transactionId: "whatever-the-browser-said",
    });
    expect(result).toEqual({
      status: "paid",
      transactionId: "202501010130152807581909",
      amount: 1500,
    });
    expect(seen.at(-1)).toMatchObject({
      pp_TxnRefNo: ref,
      pp_MerchantID: "MC12345",
      pp_Password: "pw0123",
    });
  });

  test("a completed answer for a different amount is failed", async () => {
    answer = () =>
      signed({
        pp_ResponseCode: "000",
        pp_PaymentResponseCode: "000",
        pp_Status: "Completed",
        pp_Amount: "100",
      });
    expect((await providerFor().inquire(order)).status).toBe("failed");
  });

  test("a forged (badly signed) completed answer is pending", async () => {
    answer = () =>
      Response.json({
        pp_ResponseCode: "000",
        pp_PaymentResponseCode: "121",
        pp_SecureHash: "0".repeat(64),
      });
    expect(await providerFor().inquire(order)).toEqual({
      status: "pending",
      transactionId: null,
      amount: null,
    });
  });

  test("HTTP errors, non-JSON bodies and slow answers are pending", async () => {
    answer = () => new Response("oops", { status: 500 });
    expect((await providerFor().inquire(order)).status).toBe("pending");
    answer = () =>
      new Response("<html>maintenance</html>", { headers: { "content-type": "text/html" } });
    expect((await providerFor().inquire(order)).status).toBe("pending");
    answer = () => {
      const body = new ReadableStream({
        async start(controller) {
          await Bun.sleep(1000);
          controller.enqueue(new TextEncoder().encode("{}"));
          controller.close();
        },
      });
      return new Response(body);
    };
    expect((await providerFor(100).inquire(order)).status).toBe("pending");
  });

  test("an order without a reference is pending without asking", async () => {
    const before = seen.length;
    expect((await providerFor().inquire({ ...order, providerReference: null })).status).toBe(
      "pending",
    );
    expect(seen.length).toBe(before);
  });

  test("with the gateway down, the answer is pending, never paid", async () => {
    const down = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("{}") });
    const port = down.port;
    down.stop(true);
    const provider = new JazzCashProvider(
      jazzCashConfig({
        ...base,
        inquiryUrl: `http://127.0.0.1:${port}/ApplicationAPI/API/PaymentInquiry/Inquire`,
      }),
    );
    expect(await provider.inquire(order)).toEqual({
      status: "pending",
      transactionId: null,
      amount: null,
    });
  });
});
