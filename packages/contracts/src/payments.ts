import { z } from "zod";

export const PAYMENT_MESSAGES = {
  invalidConfirmation: "Invalid payment confirmation",
  confirmationFailed: "Payment confirmation failed",
  unknownPackage: "Unknown credit package",
  orderNotFound: "Order not found",
  orderNotPending: "This order can no longer be paid",
  providerUnavailable: "The payment provider could not be reached. Please try again.",
} as const;

/** A credit package (SPEC.md §3): price in whole PKR. */
export const paymentPackageSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(60),
  price: z.number().int().positive(),
  credits: z.number().int().positive(),
  recommended: z.boolean().default(false),
});
export type PaymentPackage = z.infer<typeof paymentPackageSchema>;

export const DEFAULT_PACKAGES: PaymentPackage[] = [
  { id: "starter", name: "Starter", price: 500, credits: 10, recommended: false },
  { id: "pro", name: "Pro", price: 1500, credits: 50, recommended: true },
  { id: "business", name: "Business", price: 4000, credits: 150, recommended: false },
];

export const createOrderInputSchema = z.object({
  packageId: z
    .string({ error: PAYMENT_MESSAGES.unknownPackage })
    .min(1, PAYMENT_MESSAGES.unknownPackage),
});

/** What the success page sends back; only orderId is needed, the rest is checked, not trusted. */
export const confirmPaymentInputSchema = z.object({
  orderId: z
    .string({ error: PAYMENT_MESSAGES.invalidConfirmation })
    .min(1, PAYMENT_MESSAGES.invalidConfirmation),
  transactionId: z.string().max(200).optional().nullable(),
  status: z.string().max(50).optional().nullable(),
});
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentInputSchema>;

export const ORDER_STATUSES = ["pending", "paid", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
