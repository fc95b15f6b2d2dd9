import { describe, expect, test } from "bun:test";
import { jazzCashConfig } from "../src/payments/jazzcash/config";
import { inquiryRequest, inquiryResult } from "../src/payments/jazzcash/inquiry";
import { readReturn } from "../src/payments/jazzcash/return-result";
import { secureHash, verifySecureHash } from "../src/payments/jazzcash/secure-hash";

const salt = "s4lt";
const ref = "T2025010101301500042";
const sign = (fields: Record<string, string>) => ({
  ...fields,
  pp_SecureHash: secureHash(fields, salt),
});

// The shape of a page-redirection return: our request echoed back plus the result fields.
const returned = {
  pp_Amount: "150000",
  pp_AuthCode: "095469",
  pp_BillReference: "order1",
  pp_Language: "EN",
  pp_MerchantID: "MC12345",
  pp_ResponseCode: "000",
  pp_ResponseMessage: "Thank you for Using JazzCash, your transaction was successful.",
  pp_RetreivalReferenceNo: "250101123456",
  pp_SubMerchantId: "",
  pp_TxnCurrency: "PKR",
  pp_TxnDateTime: "20250101013015",
  pp_TxnRefNo: ref,
  pp_TxnType: "MWALLET",
  pp_Version: "1.1",
  ppmpf_1: "",
};

describe("JazzCash return POST", () => {
  test("a signed 000 is paid, with the retrieval reference and the amount in PKR", () => {
    expect(readReturn(sign(returned), salt)).toEqual({
      ok: true,
      orderTxnRefNo: ref,
      responseCode: "000",
      paid: true,
      transactionId: "250101123456",
      amountPkr: 1500,
    });
  });

  test("121 (marked confirmed) is also a completed payment; without an RRN the id is pp_TxnRefNo", () => {
    const result = readReturn(
      sign({ ...returned, pp_ResponseCode: "121", pp_RetreivalReferenceNo: "" }),
      salt,
    );
    expect(result.paid).toBe(true);
    expect(result.transactionId).toBe(ref);
  });

  test("failure (112 cancelled, 115 invalid hash) and pending (124 voucher) codes are not paid", () => {
    for (const code of ["112", "115", "124", "157", "999", ""]) {
      const result = readReturn(sign({ ...returned, pp_ResponseCode: code }), salt);
      expect(result.ok).toBe(true);
      expect(result.paid).toBe(false);
    }
  });

  test("a bad, missing or foreign-salt hash is not ok and never paid, whatever the code says", () => {
    const tampered = { ...sign(returned), pp_Amount: "100" };
    expect(readReturn(tampered, salt)).toMatchObject({ ok: false, paid: false, amountPkr: 1 });
    expect(readReturn(returned, salt)).toMatchObject({ ok: false, paid: false });
    expect(readReturn(sign(returned), "another salt")).toMatchObject({ ok: false, paid: false });
  });
});

describe("JazzCash Status Inquiry", () => {
  const config = jazzCashConfig({ merchantId: "MC12345", password: "pw0123", integritySalt: salt });
  // Field set of the "Status Inquiry Guide" (version 2026) sample responses, signed with our salt.
  const v11Paid = {
    pp_ResponseCode: "000",
    pp_ResponseMessage: "Thank you for using JazzCash. Your operation was processed successfully.",
    pp_PaymentResponseCode: "121",
    pp_PaymentResponseMessage:
      "Thank you for using JazzCash. Your transaction was processed successfully.",
    pp_Status: "Completed",
    pp_RetrievalReferenceNo: "202511241314312807581909",
    pp_SettlementDate: "",
    pp_SettlementExpiry: "",
    pp_AuthCode: "095469672235",
    pp_BankID: "",
    pp_ProductID: "",
  };
  const v20Paid = {
    ...v11Paid,
    pp_MerchantID: "MC12345",
    pp_TxnRefNo: ref,
    pp_TxnType: "MWALLET",
    pp_Amount: "150000",
    pp_TxnDateTime: "20250101013015",
    pp_BillReference: "order1",
  };
  const expected = { txnRefNo: ref, merchantId: "MC12345" };

  test("the request carries pp_TxnRefNo, pp_MerchantID, pp_Password and a valid pp_SecureHash", () => {
    const request = inquiryRequest(config, ref);
    expect(Object.keys(request).sort()).toEqual(
      ["pp_MerchantID", "pp_Password", "pp_SecureHash", "pp_TxnRefNo"].sort(),
    );
    expect(request).toMatchObject({
      pp_TxnRefNo: ref,
      pp_MerchantID: "MC12345",
      pp_Password: "pw0123",
    });
    expect(verifySecureHash(request, salt)).toBe(true);
  });

  test("000 + payment code 121 + Completed is paid (the 1.1 answer states no amount: ours is reported)", () => {
    expect(inquiryResult(sign(v11Paid), salt, 1500, expected)).toEqual({
      status: "paid",
      transactionId: "202511241314312807581909",
      amount: 1500,
    });
  });

  test("a paid answer without a retrieval reference is identified by our pp_TxnRefNo", () => {
    const noRrn = sign({ ...v11Paid, pp_RetrievalReferenceNo: "" });
    expect(inquiryResult(noRrn, salt, 1500, expected)).toEqual({
      status: "paid",
      transactionId: ref,
      amount: 1500,
    });
  });

  test("a 2.0 answer with the expected pp_Amount (paisa, string or number) is paid", () => {
    expect(inquiryResult(sign(v20Paid), salt, 1500, expected)).toEqual({
      status: "paid",
      transactionId: "202511241314312807581909",
      amount: 1500,
    });
    const numeric = { ...sign(v20Paid), pp_Amount: 150000 };
    expect(inquiryResult(numeric, salt, 1500, expected).status).toBe("paid");
  });

  test("a paid answer for another amount is refused as failed", () => {
    const result = inquiryResult(sign({ ...v20Paid, pp_Amount: "100" }), salt, 1500, expected);
    expect(result).toMatchObject({ status: "failed", amount: 1 });
    expect(inquiryResult(sign({ ...v20Paid, pp_Amount: "15000.00" }), salt, 1500).status).toBe(
      "failed",
    );
  });

  test("pending codes (124, 157, 210), no code, and codes with no final outcome (109 no such transaction yet, 199 system error) are pending", () => {
    for (const code of ["124", "157", "210", "", "109", "199"]) {
      const answer = sign({ ...v11Paid, pp_PaymentResponseCode: code, pp_Status: "Pending" });
      expect(inquiryResult(answer, salt, 1500, expected)).toMatchObject({
        status: "pending",
        amount: null,
      });
    }
    const inconsistent = sign({ ...v11Paid, pp_Status: "Pending" });
    expect(inquiryResult(inconsistent, salt, 1500, expected).status).toBe("pending");
  });

  test("failure payment codes (112 cancelled, 129 dropped, 402 declined) are failed", () => {
    for (const code of ["112", "129", "402"]) {
      const answer = sign({ ...v11Paid, pp_PaymentResponseCode: code, pp_Status: "Failed" });
      expect(inquiryResult(answer, salt, 1500, expected)).toMatchObject({
        status: "failed",
        amount: null,
      });
    }
  });

  test("an answer whose hash does not verify is pending, never paid", () => {
    const forged = { ...v20Paid, pp_SecureHash: "A".repeat(64) };
    expect(inquiryResult(forged, salt, 1500, expected)).toEqual({
      status: "pending",
      transactionId: null,
      amount: null,
    });
    expect(
      inquiryResult({ ...sign(v11Paid), pp_PaymentResponseCode: "121 " }, salt, 1500).status,
    ).toBe("pending");
    expect(inquiryResult(sign(v11Paid), "other salt", 1500).status).toBe("pending");
  });

  test("an unsigned answer (no pp_SecureHash) is read as sent", () => {
    expect(inquiryResult(v20Paid, salt, 1500, expected).status).toBe("paid");
  });

  test("an unprocessed inquiry, another transaction or merchant, or a non-object is pending", () => {
    for (const code of ["101", "110", "115", ""]) {
      expect(inquiryResult(sign({ ...v11Paid, pp_ResponseCode: code }), salt, 1500).status).toBe(
        "pending",
      );
    }
    expect(
      inquiryResult(sign({ ...v20Paid, pp_TxnRefNo: "T2025010101301599999" }), salt, 1500, expected)
        .status,
    ).toBe("pending");
    expect(
      inquiryResult(sign({ ...v20Paid, pp_MerchantID: "MC999" }), salt, 1500, expected).status,
    ).toBe("pending");
    for (const junk of [null, "paid", 42, [v11Paid], undefined]) {
      expect(inquiryResult(junk, salt, 1500).status).toBe("pending");
    }
  });
});
