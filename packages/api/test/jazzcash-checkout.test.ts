import { describe, expect, test } from "bun:test";
import {
  checkoutFields,
  paisa,
  sanitizeBillReference,
  sanitizeDescription,
} from "../src/payments/jazzcash/checkout-fields";
import { jazzCashConfig, SANDBOX_CHECKOUT_URL } from "../src/payments/jazzcash/config";
import { formatPakistanTime, parsePakistanTime } from "../src/payments/jazzcash/pakistan-time";
import { redirectPage } from "../src/payments/jazzcash/redirect-page";
import { verifySecureHash } from "../src/payments/jazzcash/secure-hash";
import { txnRefNo, txnRefNoTime } from "../src/payments/jazzcash/txn-ref-no";

const config = jazzCashConfig({ merchantId: "MC12345", password: "pw0123", integritySalt: "s4lt" });
// 20:30:15 UTC on 31 December is already 01:30:15 on 1 January in Pakistan (UTC+5).
const lateUtc = new Date("2024-12-31T20:30:15Z");

function fieldsFor(overrides: Partial<Parameters<typeof checkoutFields>[1]> = {}) {
  return checkoutFields(config, {
    txnRefNo: "T2025010101301500042",
    amountPkr: 1500,
    description: "500 credits",
    billReference: "order-1",
    returnUrl: "https://app.example/api/payment/jazzcash/return",
    now: lateUtc,
    ...overrides,
  });
}

describe("JazzCash checkout fields", () => {
  test("amounts go out in paisa as integer strings; non-whole or non-positive PKR is refused", () => {
    expect(paisa(1500)).toBe("150000");
    expect(paisa(1)).toBe("100");
    expect(fieldsFor({ amountPkr: 2999 }).pp_Amount).toBe("299900");
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => paisa(bad)).toThrow(RangeError);
    }
  });

  test("date-times are Pakistan time (UTC+5) across a UTC date boundary; expiry one day later", () => {
    expect(formatPakistanTime(lateUtc)).toBe("20250101013015");
    const fields = fieldsFor();
    expect(fields.pp_TxnDateTime).toBe("20250101013015");
    expect(fields.pp_TxnExpiryDateTime).toBe("20250102013015");
    expect(formatPakistanTime(new Date("2024-02-28T19:00:00Z"))).toBe("20240229000000");
    expect(parsePakistanTime("20250101013015")?.toISOString()).toBe("2024-12-31T20:30:15.000Z");
    expect(parsePakistanTime("20250230120000")).toBeNull();
    expect(parsePakistanTime("2025010101301")).toBeNull();
  });

  test("the description keeps only letters, digits and single spaces (no <>*=%/:'|\"{})", () => {
    expect(sanitizeDescription(`Buy 500 <credits> "now" & 'save' {x}=%/:|*`)).toBe(
      "Buy 500 credits now save x",
    );
    expect(sanitizeDescription("<<>>")).toBe("Payment");
    expect(sanitizeDescription("a".repeat(300))).toHaveLength(100);
    expect(fieldsFor({ description: "Crédits: 500 / pack" }).pp_Description).toBe(
      "Cr dits 500 pack",
    );
    expect(sanitizeBillReference("3f2a-9c1e_7b")).toBe("3f2a9c1e7b");
    expect(() => sanitizeBillReference("---")).toThrow(RangeError);
  });

  test("the documented version 1.1 fields are all there, and pp_SecureHash verifies", () => {
    const fields = fieldsFor();
    expect(fields).toMatchObject({
      pp_Version: "1.1",
      pp_TxnType: "MWALLET",
      pp_Language: "EN",
      pp_MerchantID: "MC12345",
      pp_Password: "pw0123",
      pp_TxnRefNo: "T2025010101301500042",
      pp_Amount: "150000",
      pp_TxnCurrency: "PKR",
      pp_BillReference: "order1",
      pp_Description: "500 credits",
      pp_ReturnURL: "https://app.example/api/payment/jazzcash/return",
      ppmpf_1: "",
      ppmpf_2: "",
      ppmpf_3: "",
      ppmpf_4: "",
      ppmpf_5: "",
    });
    expect(fields.pp_SecureHash).toMatch(/^[0-9A-F]{64}$/);
    expect(verifySecureHash(fields, "s4lt")).toBe(true);
    expect(verifySecureHash({ ...fields, pp_Amount: "100" }, "s4lt")).toBe(false);
    expect(() => fieldsFor({ returnUrl: "javascript:alert(1)" })).toThrow();
  });

  test("config defaults to the sandbox URLs and refuses blank secrets", () => {
    expect(config.checkoutUrl).toBe(SANDBOX_CHECKOUT_URL);
    expect(config.inquiryUrl).toBe(
      "https://sandbox.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire",
    );
    expect(() => jazzCashConfig({ merchantId: "m", password: "p", integritySalt: " " })).toThrow();
  });
});

describe("JazzCash pp_TxnRefNo", () => {
  test("is T + Pakistan yyyyMMddHHmmss + 5 random digits, 20 characters, and gives its time back", () => {
    expect(txnRefNo(lateUtc, () => 0)).toBe("T2025010101301500000");
    expect(txnRefNo(lateUtc, () => 0.999999)).toBe("T2025010101301599999");
    const ref = txnRefNo(lateUtc);
    expect(ref).toMatch(/^T20250101013015\d{5}$/);
    expect(ref).toHaveLength(20);
    expect(txnRefNoTime(ref)?.getTime()).toBe(lateUtc.getTime());
    expect(txnRefNoTime("T20250101013015")).toBeNull();
    expect(txnRefNoTime("X2025010101301500000")).toBeNull();
    expect(() => txnRefNo(lateUtc, () => 1)).toThrow(RangeError);
    const many = new Set(Array.from({ length: 200 }, () => txnRefNo(lateUtc)));
    expect(many.size).toBeGreaterThan(190);
  });
});

describe("JazzCash redirect page", () => {
  test("escapes \" < > & ' in values, names and the action URL", () => {
    const html = redirectPage(`https://gw.example/form?a=1&b="x"`, {
      pp_Description: `"><script>alert('x')</script>&amp;`,
      'n"a<m>e': "v",
    });
    expect(html).not.toContain("<script>alert");
    expect(html).toContain(
      'value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;"',
    );
    expect(html).toContain('name="n&quot;a&lt;m&gt;e"');
    expect(html).toContain('action="https://gw.example/form?a=1&amp;b=&quot;x&quot;"');
  });

  test("POSTs every field to the gateway, submits itself, and has a button for no-JS browsers", () => {
    const fields = fieldsFor();
    const html = redirectPage(config.checkoutUrl, fields);
    expect(html).toContain(`<form id="jazzcash" method="post" action="${SANDBOX_CHECKOUT_URL}">`);
    expect(html).toContain('<button type="submit">Continue to JazzCash</button>');
    expect(html).toContain('document.getElementById("jazzcash").submit()');
    for (const [name, value] of Object.entries(fields)) {
      expect(html).toContain(`<input type="hidden" name="${name}" value="${value}">`);
    }
  });
});
