import type { Checkout, CheckoutRequest, Inquiry, PaymentProvider } from "../provider";
import { checkoutFields, paisa } from "./checkout-fields";
import type { JazzCashConfig } from "./config";
import { inquiryRequest, inquiryResult } from "./inquiry";
import { redirectPage } from "./redirect-page";
import { type ReturnResult, readReturn } from "./return-result";
import { txnRefNo, txnRefNoTime } from "./txn-ref-no";

export const INQUIRY_TIMEOUT_MS = 10_000;

export type JazzCashProviderOptions = {
  /** pp_Description shown on the hosted page (sanitised to letters, digits and spaces). */
  description?: string;
  now?: () => Date;
  random?: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/**
 * JazzCash hosted checkout (HTTP POST Page Redirection, version 1.1). Nothing is stored here:
 * createCheckout only makes the pp_TxnRefNo (which embeds its own time), and checkoutPage
 * rebuilds the very same signed form from the order whenever our redirect route is hit.
 */
export class JazzCashProvider implements PaymentProvider {
  readonly name = "jazzcash";
  private readonly description: string;
  private readonly now: () => Date;
  private readonly random: (() => number) | undefined;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;

  constructor(
    private readonly config: JazzCashConfig,
    options: JazzCashProviderOptions = {},
  ) {
    this.description = options.description ?? "Credit package";
    this.now = options.now ?? (() => new Date());
    this.random = options.random;
    this.fetchFn = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? INQUIRY_TIMEOUT_MS;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    paisa(request.amount); // whole, positive PKR, or throw now rather than on the payer's page
    const origin = new URL(request.origin).origin;
    return {
      paymentUrl: `${origin}/api/payment/jazzcash/redirect/${encodeURIComponent(request.orderId)}`,
      providerReference: txnRefNo(this.now(), this.random),
    };
  }

  /** The signed fields JazzCash posts back to the return URL, checked against our salt. */
  readReturn(fields: Record<string, string>): ReturnResult {
    return readReturn(fields, this.config.integritySalt);
  }

  /** The auto-submitting page for an order created by createCheckout. */
  checkoutPage(
    order: { id: string; amount: number; providerReference: string | null },
    returnUrl: string,
  ): string {
    const ref = order.providerReference ?? "";
    const now = txnRefNoTime(ref);
    if (!now) throw new Error(`not a JazzCash reference made by this provider: "${ref}"`);
    const fields = checkoutFields(this.config, {
      txnRefNo: ref,
      amountPkr: order.amount,
      description: this.description,
      billReference: order.id,
      returnUrl,
      now,
    });
    return redirectPage(this.config.checkoutUrl, fields);
  }

  /**
   * Asks the Status Inquiry API about the order's pp_TxnRefNo. A transaction id the browser
   * brought back is not needed to ask and is never used in the answer. Any transport fault
   * (timeout, refused connection, non-2xx, non-JSON) is "pending", never "paid".
   */
  async inquire(order: {
    id: string;
    amount: number;
    providerReference: string | null;
    transactionId?: string;
  }): Promise<Inquiry> {
    const pending: Inquiry = { status: "pending", transactionId: null, amount: null };
    const ref = order.providerReference;
    if (!ref) return pending;
    let json: unknown;
    try {
      const response = await this.fetchFn(this.config.inquiryUrl, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(inquiryRequest(this.config, ref)),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: "error",
      });
      if (!response.ok) return pending;
      json = await response.json();
    } catch {
      return pending;
    }
    return inquiryResult(json, this.config.integritySalt, order.amount, {
      txnRefNo: ref,
      merchantId: this.config.merchantId,
    });
  }
}
