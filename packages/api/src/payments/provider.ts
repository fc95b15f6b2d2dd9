/** What our server asks of a payment gateway. Amounts are whole PKR. */

export type CheckoutRequest = {
  orderId: string;
  amount: number;
  description: string;
  /** Our server's URL the gateway sends the payer's browser back to (its return/callback URL). */
  returnUrl: string;
  /** Our server's public origin, e.g. "http://localhost:3000", for pages we host ourselves. */
  origin: string;
};

export type Checkout = {
  /** Where the payer's browser goes next: the gateway's hosted page, or one of ours leading there. */
  paymentUrl: string;
  /** The gateway's reference for this payment attempt (e.g. JazzCash pp_TxnRefNo). */
  providerReference: string;
};

export type InquiryStatus = "paid" | "pending" | "failed";

/** The gateway's own answer about an order: the only thing that can make an order paid. */
export type Inquiry = {
  status: InquiryStatus;
  transactionId: string | null;
  /** What the gateway says was paid, in whole PKR; null when nothing was. */
  amount: number | null;
};

export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Asks the gateway, server to server, what became of this order's payment. When the payer's
   * browser brought back a transaction id, it is passed to be checked, never trusted.
   */
  inquire(order: {
    id: string;
    amount: number;
    providerReference: string | null;
    transactionId?: string;
  }): Promise<Inquiry>;
  /** Gateways with manual bank transfers: an operator saw this order's transfer arrive. */
  recordTransfer?(orderId: string): Promise<boolean>;
}
