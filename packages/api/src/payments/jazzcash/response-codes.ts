import type { InquiryStatus } from "../provider";

/**
 * Payment response codes, from "Resources > Response Codes" of the sandbox documentation
 * (https://payments.jazzcash.com.pk/SandboxDocumentation/Resources.html), column "Status to be
 * mapped by merchant": 000 and 121 are "Completed"; 124 ("Order is placed and waiting for
 * financials to be received over the counter") is "Pending". The table also lists 157
 * ("Transaction is pending") and 210 ("Authorization pending") without a mapping; we treat them
 * as pending too, and so the codes that say nothing final about the payer's attempt: 109
 * ("Transaction does not exist": the payer may still be on the hosted page), 199 ("System
 * error"), 055 ("Host link down") and 062 ("Host offline"). Every other code (declines,
 * cancellations, expiry, reversal, refund, invalid hash...) is a failed attempt.
 */
export const PAID_CODES: ReadonlySet<string> = new Set(["000", "121"]);
export const PENDING_CODES: ReadonlySet<string> = new Set([
  "124",
  "157",
  "210",
  "109",
  "199",
  "055",
  "062",
]);

export function statusOfPaymentCode(code: string): InquiryStatus {
  if (PAID_CODES.has(code)) return "paid";
  if (code === "" || PENDING_CODES.has(code)) return "pending";
  return "failed";
}

/**
 * The gateway's own reference for a transaction: the retrieval reference number when it gave one
 * (spelt pp_RetreivalReferenceNo in page-redirection responses, pp_RetrievalReferenceNo in the
 * REST APIs), else our pp_TxnRefNo, which JazzCash also keys the transaction by.
 */
export function transactionIdOf(fields: Record<string, string>): string | null {
  return (
    nonEmpty(fields.pp_RetreivalReferenceNo) ??
    nonEmpty(fields.pp_RetrievalReferenceNo) ??
    nonEmpty(fields.pp_TxnRefNo)
  );
}

/** pp_Amount (paisa, digits only) as PKR; null when absent or malformed. */
export function amountPkrOf(paisaText: string | undefined): number | null {
  if (paisaText === undefined || !/^\d{1,15}$/.test(paisaText)) return null;
  return Number(paisaText) / 100;
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}
