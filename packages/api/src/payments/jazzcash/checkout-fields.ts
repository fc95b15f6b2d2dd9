import type { JazzCashConfig } from "./config";
import { formatPakistanTime } from "./pakistan-time";
import { secureHash } from "./secure-hash";

/** How long the payer has to finish (documentation: default and maximum expiry is 3 months). */
export const EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Our own caps: the public pages give no lengths for these two fields. */
export const DESCRIPTION_MAX = 100;
export const BILL_REFERENCE_MAX = 20;

export type CheckoutInput = {
  txnRefNo: string;
  /** Whole rupees. */
  amountPkr: number;
  description: string;
  billReference: string;
  returnUrl: string;
  now: Date;
};

/**
 * The form fields POSTed to the hosted page, following the version 1.1 form of "HTTP POST (Page
 * Redirection)" in the sandbox documentation v4.2
 * (https://sandbox.jazzcash.com.pk/SandboxDocumentation/v4.2/) and its parameter descriptions:
 * pp_Version fixed "1.1", pp_Language fixed "EN", pp_TxnCurrency fixed "PKR", pp_Amount with
 * "no decimal places ... assumed at the default position of the currency" (i.e. paisa),
 * date-times as yyyyMMddHHmmss, pp_SecureHash over the rest (see secure-hash.ts).
 */
export function checkoutFields(
  config: JazzCashConfig,
  input: CheckoutInput,
): Record<string, string> {
  const returnUrl = new URL(input.returnUrl);
  if (returnUrl.protocol !== "https:" && returnUrl.protocol !== "http:") {
    throw new RangeError("returnUrl must be an http(s) URL");
  }
  const fields: Record<string, string> = {
    pp_Version: "1.1",
    pp_TxnType: config.txnType,
    pp_Language: "EN",
    pp_MerchantID: config.merchantId,
    pp_SubMerchantID: "",
    pp_Password: config.password,
    pp_BankID: "",
    pp_ProductID: "",
    pp_TxnRefNo: input.txnRefNo,
    pp_Amount: paisa(input.amountPkr),
    pp_TxnCurrency: "PKR",
    pp_TxnDateTime: formatPakistanTime(input.now),
    pp_BillReference: sanitizeBillReference(input.billReference),
    pp_Description: sanitizeDescription(input.description),
    pp_TxnExpiryDateTime: formatPakistanTime(new Date(input.now.getTime() + EXPIRY_MS)),
    pp_ReturnURL: input.returnUrl,
    ppmpf_1: "",
    ppmpf_2: "",
    ppmpf_3: "",
    ppmpf_4: "",
    ppmpf_5: "",
  };
  fields.pp_SecureHash = secureHash(fields, config.integritySalt);
  return fields;
}

/** Whole PKR to the paisa string pp_Amount carries: 1500 -> "150000". */
export function paisa(amountPkr: number): string {
  if (!Number.isSafeInteger(amountPkr) || amountPkr <= 0) {
    throw new RangeError(`amount must be a positive whole number of PKR, got ${amountPkr}`);
  }
  return String(amountPkr * 100);
}

/**
 * pp_Description: the documentation says the characters <>*=%/:'|"{} are replaced with a space;
 * we go further and keep only ASCII letters, digits and single spaces, so what the payer sees is
 * what we signed.
 */
export function sanitizeDescription(text: string): string {
  const clean = text
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, DESCRIPTION_MAX)
    .trim();
  return clean === "" ? "Payment" : clean;
}

/** pp_BillReference: letters and digits only (the samples' advice), at most BILL_REFERENCE_MAX. */
export function sanitizeBillReference(text: string): string {
  const clean = text.replace(/[^A-Za-z0-9]+/g, "").slice(0, BILL_REFERENCE_MAX);
  if (clean === "") throw new RangeError("billReference has no letters or digits");
  return clean;
}
