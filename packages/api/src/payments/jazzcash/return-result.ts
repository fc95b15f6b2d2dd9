import { amountPkrOf, PAID_CODES, transactionIdOf } from "./response-codes";
import { verifySecureHash } from "./secure-hash";

export type ReturnResult = {
  /** pp_SecureHash matches the posted fields: JazzCash, not the browser, wrote them. */
  ok: boolean;
  orderTxnRefNo: string;
  responseCode: string;
  /** Signed and with a "Completed" code (000 or 121). Still confirm with inquire() before crediting. */
  paid: boolean;
  transactionId: string | null;
  amountPkr: number | null;
};

/**
 * Reads the form JazzCash's hosted page makes the payer's browser POST to pp_ReturnURL: our
 * request fields echoed back plus pp_ResponseCode, pp_ResponseMessage, pp_RetreivalReferenceNo
 * and pp_SecureHash, hashed by the same scheme as the request ("Features > Hashing Scheme":
 * the hash protects "a transaction request and response").
 */
export function readReturn(fields: Record<string, string>, integritySalt: string): ReturnResult {
  const ok = verifySecureHash(fields, integritySalt);
  const responseCode = fields.pp_ResponseCode ?? "";
  return {
    ok,
    orderTxnRefNo: fields.pp_TxnRefNo ?? "",
    responseCode,
    paid: ok && PAID_CODES.has(responseCode),
    transactionId: transactionIdOf(fields),
    amountPkr: amountPkrOf(fields.pp_Amount),
  };
}
