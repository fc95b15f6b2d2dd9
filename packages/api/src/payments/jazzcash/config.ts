/**
 * JazzCash merchant settings for HTTP POST (Page Redirection), API version 1.1.
 *
 * Sources:
 * - Sandbox documentation v4.2, "HTTP POST (Page Redirection)" and "Features > Hashing Scheme":
 *   https://sandbox.jazzcash.com.pk/SandboxDocumentation/v4.2/
 * - JazzCash "Status Inquiry Guide" (merchant PDF, version 2026) for the inquiry API.
 */

/** The sandbox hosted payment page (the documented form `action`). */
export const SANDBOX_CHECKOUT_URL =
  "https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/";
/** The sandbox Status Inquiry API (REST, JSON). */
export const SANDBOX_INQUIRY_URL =
  "https://sandbox.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire";
/** Production counterparts: same paths on payments.jazzcash.com.pk. */
export const PRODUCTION_CHECKOUT_URL =
  "https://payments.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/";
export const PRODUCTION_INQUIRY_URL =
  "https://payments.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire";

/**
 * pp_TxnType of the page-redirection form. The documented version 1.1 forms use "MWALLET"
 * (Mobile Account) and "OTC" (Voucher); the card form uses "MPAY" with pp_Version 2.0.
 * "" sends the field empty, which many merchants use to let the hosted page offer every method
 * enabled on the account; the public documentation does not describe that mode, so it is
 * opt-in and must be confirmed with JazzCash for the merchant account.
 */
export type JazzCashTxnType = "MWALLET" | "OTC" | "MPAY" | "";

export type JazzCashConfig = {
  merchantId: string;
  password: string;
  /** The shared secret ("Integrity Salt") used for pp_SecureHash. */
  integritySalt: string;
  checkoutUrl: string;
  inquiryUrl: string;
  txnType: JazzCashTxnType;
};

export type JazzCashConfigInput = Pick<
  JazzCashConfig,
  "merchantId" | "password" | "integritySalt"
> &
  Partial<Pick<JazzCashConfig, "checkoutUrl" | "inquiryUrl" | "txnType">>;

/** Fills in the sandbox URLs and the documented version 1.1 wallet type; rejects blank secrets. */
export function jazzCashConfig(input: JazzCashConfigInput): JazzCashConfig {
  for (const key of ["merchantId", "password", "integritySalt"] as const) {
    if (input[key].trim() === "") throw new Error(`JazzCash ${key} is empty`);
  }
  return {
    merchantId: input.merchantId,
    password: input.password,
    integritySalt: input.integritySalt,
    checkoutUrl: input.checkoutUrl ?? SANDBOX_CHECKOUT_URL,
    inquiryUrl: input.inquiryUrl ?? SANDBOX_INQUIRY_URL,
    txnType: input.txnType ?? "MWALLET",
  };
}
