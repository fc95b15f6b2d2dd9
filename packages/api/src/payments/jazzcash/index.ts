export type { CheckoutInput } from "./checkout-fields";
export {
  checkoutFields,
  paisa,
  sanitizeBillReference,
  sanitizeDescription,
} from "./checkout-fields";
export type { JazzCashConfig, JazzCashConfigInput, JazzCashTxnType } from "./config";
export {
  jazzCashConfig,
  PRODUCTION_CHECKOUT_URL,
  PRODUCTION_INQUIRY_URL,
  SANDBOX_CHECKOUT_URL,
  SANDBOX_INQUIRY_URL,
} from "./config";
export { inquiryRequest, inquiryResult } from "./inquiry";
export type { JazzCashProviderOptions } from "./jazzcash-provider";
export { INQUIRY_TIMEOUT_MS, JazzCashProvider } from "./jazzcash-provider";
export { formatPakistanTime, parsePakistanTime } from "./pakistan-time";
export { redirectPage } from "./redirect-page";
export type { ReturnResult } from "./return-result";
export { readReturn } from "./return-result";
export { secureHash, verifySecureHash } from "./secure-hash";
export { txnRefNo, txnRefNoTime } from "./txn-ref-no";
