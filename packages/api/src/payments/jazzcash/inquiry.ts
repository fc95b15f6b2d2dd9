import type { Inquiry } from "../provider";
import { paisa } from "./checkout-fields";
import type { JazzCashConfig } from "./config";
import { amountPkrOf, statusOfPaymentCode, transactionIdOf } from "./response-codes";
import { secureHash, verifySecureHash } from "./secure-hash";

/**
 * Status Inquiry, from JazzCash's "Status Inquiry Guide" (merchant PDF, version 2026):
 * - request: JSON { pp_TxnRefNo, pp_MerchantID, pp_Password, pp_SecureHash };
 * - pp_ResponseCode "000" only says the inquiry itself was processed;
 * - "Only to confirm the pending transaction status, the pp_PaymentResponseCode parameter will
 *   be considered": "121" means "the transaction is completed and the amount has been debited",
 *   with pp_Status "Completed";
 * - the response carries pp_SecureHash; the version 2.0 response also echoes pp_TxnRefNo,
 *   pp_MerchantID and pp_Amount, the version 1.1 response does not.
 */
export function inquiryRequest(config: JazzCashConfig, txnRefNo: string): Record<string, string> {
  const fields: Record<string, string> = {
    pp_TxnRefNo: txnRefNo,
    pp_MerchantID: config.merchantId,
    pp_Password: config.password,
  };
  fields.pp_SecureHash = secureHash(fields, config.integritySalt);
  return fields;
}

const UNANSWERED: Inquiry = { status: "pending", transactionId: null, amount: null };

/**
 * Maps an inquiry response to paid | pending | failed. Anything we cannot trust (not an object, a
 * hash that does not verify, another transaction's or merchant's answer, an inquiry that was not
 * processed) is "pending": no statement about the payment, ask again later.
 *
 * A paid answer must be for the expected amount: when the response states pp_Amount (paisa) and
 * it differs, the answer is refused as "failed". When it does not state one (version 1.1), the
 * amount is the one we signed into the request under this pp_TxnRefNo, and that is reported.
 * The transaction id is the gateway's retrieval reference, else the pp_TxnRefNo asked about.
 */
export function inquiryResult(
  json: unknown,
  integritySalt: string,
  expectedAmountPkr: number,
  expected: { txnRefNo?: string; merchantId?: string } = {},
): Inquiry {
  const expectedPaisa = paisa(expectedAmountPkr);
  const fields = stringFields(json);
  if (!fields) return UNANSWERED;
  if ((fields.pp_SecureHash ?? "") !== "" && !verifySecureHash(fields, integritySalt)) {
    return UNANSWERED;
  }
  if (mismatch(fields.pp_TxnRefNo, expected.txnRefNo)) return UNANSWERED;
  if (mismatch(fields.pp_MerchantID, expected.merchantId)) return UNANSWERED;
  if (fields.pp_ResponseCode !== "000") return UNANSWERED;

  const status = statusOfPaymentCode(fields.pp_PaymentResponseCode ?? "");
  const stated = (fields.pp_Status ?? "").trim().toLowerCase();
  const transactionId = transactionIdOf(fields) ?? expected.txnRefNo ?? null;
  if (status !== "paid") return { status, transactionId, amount: null };
  if (stated !== "" && stated !== "completed") {
    return { status: "pending", transactionId, amount: null };
  }

  const amountText = fields.pp_Amount ?? "";
  if (amountText === "") return { status: "paid", transactionId, amount: expectedAmountPkr };
  if (amountText !== expectedPaisa) {
    return { status: "failed", transactionId, amount: amountPkrOf(amountText) };
  }
  return { status: "paid", transactionId, amount: expectedAmountPkr };
}

/** The JSON object's string and number members as strings; null for anything but an object. */
function stringFields(json: unknown): Record<string, string> | null {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(json)) {
    if (typeof value === "string") fields[name] = value;
    else if (typeof value === "number" && Number.isFinite(value)) fields[name] = String(value);
  }
  return fields;
}

function mismatch(stated: string | undefined, expected: string | undefined): boolean {
  return expected !== undefined && stated !== undefined && stated !== "" && stated !== expected;
}
