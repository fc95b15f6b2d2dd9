import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { hashInput, secureHash, verifySecureHash } from "../src/payments/jazzcash/secure-hash";

describe("JazzCash pp_SecureHash", () => {
  // JazzCash sandbox documentation v4.2, "Features > Hashing Scheme", "Let us see the example"
  // (https://sandbox.jazzcash.com.pk/SandboxDocumentation/v4.2/features.html): shared secret
  // 0F5DD14AE2; pp_MerchantID MER123, pp_OrderInfo A48cvE28, pp_Amount 2995; message
  // "0F5DD14AE2&2995&MER123&A48cvE28"; resultant hash
  // c7689cda7474eb1adcd343fd0c0b676bad0ba66361cc46db589bdb0da4c1c867.
  const docSalt = "0F5DD14AE2";
  const docFields = { pp_MerchantID: "MER123", pp_OrderInfo: "A48cvE28", pp_Amount: "2995" };
  const docHash = "c7689cda7474eb1adcd343fd0c0b676bad0ba66361cc46db589bdb0da4c1c867";

  test("reproduces the documentation's own worked example (message and hash)", () => {
    expect(hashInput(docFields, docSalt)).toBe("0F5DD14AE2&2995&MER123&A48cvE28");
    expect(secureHash(docFields, docSalt)).toBe(docHash.toUpperCase());
  });

  test("accepts the documentation's lower-case hex and the upper-case we write", () => {
    expect(verifySecureHash({ ...docFields, pp_SecureHash: docHash }, docSalt)).toBe(true);
    expect(verifySecureHash({ ...docFields, pp_SecureHash: docHash.toUpperCase() }, docSalt)).toBe(
      true,
    );
  });

  test("independently computed (node:crypto over a hand-written string): empty fields skipped, pp_SecureHash and non-pp fields excluded, ppmpf_ included, ASCII name order", () => {
    const salt = "s4lt&Key";
    const fields = {
      pp_TxnType: "MWALLET",
      ppmpf_2: "",
      pp_Amount: "150000",
      orderId: "not-hashed",
      ppmpf_1: "extra",
      pp_SubMerchantID: "",
      pp_SecureHash: "SHOULD-NOT-COUNT",
      pp_BillReference: "INV42",
      pp_Version: "1.1",
    };
    // pp_Amount < pp_BillReference < pp_TxnType < pp_Version < ppmpf_1 ("_" 0x5F sorts before "m").
    const handWritten = "s4lt&Key&150000&INV42&MWALLET&1.1&extra";
    const expected = createHmac("sha256", salt).update(handWritten).digest("hex").toUpperCase();
    expect(hashInput(fields, salt)).toBe(handWritten);
    expect(secureHash(fields, salt)).toBe(expected);
  });

  test("order comes from the field names, not from insertion order", () => {
    const a = { pp_Version: "1.1", pp_Amount: "100", ppmpf_1: "x", pp_Language: "EN" };
    const b = { ppmpf_1: "x", pp_Language: "EN", pp_Amount: "100", pp_Version: "1.1" };
    expect(secureHash(a, "k")).toBe(secureHash(b, "k"));
    expect(hashInput(a, "k")).toBe("k&100&EN&1.1&x");
  });

  test("an empty field hashes the same as a missing one; a non-empty one changes the hash", () => {
    const base = { pp_Amount: "100", pp_TxnRefNo: "T1" };
    expect(secureHash({ ...base, ppmpf_3: "" }, "k")).toBe(secureHash(base, "k"));
    expect(secureHash({ ...base, ppmpf_3: "z" }, "k")).not.toBe(secureHash(base, "k"));
  });

  test("a tampered field, a wrong salt, a missing or malformed hash all fail verification", () => {
    const fields = { pp_Amount: "150000", pp_TxnRefNo: "T2025010101301512345", ppmpf_1: "a" };
    const signed = { ...fields, pp_SecureHash: secureHash(fields, "salt") };
    expect(verifySecureHash(signed, "salt")).toBe(true);
    expect(verifySecureHash({ ...signed, pp_Amount: "100" }, "salt")).toBe(false);
    expect(verifySecureHash({ ...signed, ppmpf_1: "b" }, "salt")).toBe(false);
    expect(verifySecureHash({ ...signed, pp_ResponseCode: "000" }, "salt")).toBe(false);
    expect(verifySecureHash(signed, "other")).toBe(false);
    expect(verifySecureHash(fields, "salt")).toBe(false);
    expect(verifySecureHash({ ...fields, pp_SecureHash: "" }, "salt")).toBe(false);
    expect(verifySecureHash({ ...fields, pp_SecureHash: "zz" }, "salt")).toBe(false);
    expect(
      verifySecureHash({ ...fields, pp_SecureHash: `${signed.pp_SecureHash}00` }, "salt"),
    ).toBe(false);
  });
});
