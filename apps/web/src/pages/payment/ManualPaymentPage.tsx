import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Alert, Button, ButtonLink, Card, PageContainer, PageHeader } from "../../components/ui";
import { trpc } from "../../lib/trpc";
import { formatPkr } from "./PaymentPage";

/**
 * The merchant account the transfer goes to. Placeholders: replace them with the real account
 * before taking bank transfers in production.
 */
const MERCHANT_ACCOUNT = {
  title: "Watermark Remover (Pvt) Ltd",
  bank: "Merchant bank (to be announced)",
  iban: "PK00 XXXX 0000 0000 0000 0000",
} as const;

const COPIED_FOR_MS = 2000;

/** /payment/manual: bank transfer instructions for an order, and a way to check its status. */
export function ManualPaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get("order_id") ?? "";
  const amountParam = Number(params.get("amount"));
  const amount = Number.isFinite(amountParam) && amountParam > 0 ? amountParam : null;
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const [checking, setChecking] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const copyOrderId = async () => {
    try {
      await navigator.clipboard.writeText(orderId);
      setCopyFailed(false);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    } catch {
      setCopyFailed(true);
    }
  };

  const checkStatus = async () => {
    setChecking(true);
    try {
      const { status } = await trpc.payment.verify.query({ orderId });
      if (status === "paid") {
        navigate(`/payment-success?order_id=${encodeURIComponent(orderId)}`);
        return;
      }
      alert("Payment not confirmed yet. Please try again after completing payment.");
    } catch {
      alert("Failed to check payment status. Please try again.");
    } finally {
      setChecking(false);
    }
  };

  if (!orderId) {
    return (
      <PageContainer width="medium">
        <PageHeader title="Bank Transfer" />
        <Alert tone="error" title="No order to pay">
          <p>This link has no order reference. Start again from the credit packages.</p>
        </Alert>
        <ButtonLink to="/payment" className="mt-6">
          View Credit Packages
        </ButtonLink>
      </PageContainer>
    );
  }

  const details = [
    ["Account title", MERCHANT_ACCOUNT.title],
    ["Bank", MERCHANT_ACCOUNT.bank],
    ["IBAN", MERCHANT_ACCOUNT.iban],
    ["Amount", amount === null ? "The amount of your order" : formatPkr(amount)],
  ] as const;

  return (
    <PageContainer width="medium">
      <PageHeader
        title="Complete Your Payment"
        description="Transfer the amount below from your bank or wallet app, then check the payment status here."
      />

      <div className="grid gap-6">
        <Card as="section" aria-labelledby="order-reference">
          <h2 id="order-reference" className="text-base font-semibold text-slate-900">
            Order ID
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Use it as the payment reference so we can match your transfer.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">
              {orderId}
            </code>
            <Button variant="secondary" onClick={copyOrderId}>
              {copied ? (
                <>
                  <span aria-hidden="true" className="text-green-600">
                    ✓
                  </span>
                  Copied
                </>
              ) : (
                <>
                  Copy<span className="sr-only"> order ID</span>
                </>
              )}
            </Button>
          </div>
          <p role="status" className="mt-2 text-sm text-slate-600">
            {copied ? "Order ID copied to the clipboard." : ""}
            {copyFailed ? "Copying is not available here: select the order ID and copy it." : ""}
          </p>
        </Card>

        <Card as="section" aria-labelledby="transfer-instructions">
          <h2 id="transfer-instructions" className="text-base font-semibold text-slate-900">
            Bank transfer instructions
          </h2>
          <dl className="mt-4 divide-y divide-slate-100 text-sm">
            {details.map(([label, value]) => (
              <div key={label} className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
                <dt className="font-medium text-slate-500">{label}</dt>
                <dd className="font-medium break-all text-slate-900 sm:col-span-2">{value}</dd>
              </div>
            ))}
            <div className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
              <dt className="font-medium text-slate-500">Reference</dt>
              <dd className="font-mono break-all text-slate-900 sm:col-span-2">{orderId}</dd>
            </div>
          </dl>
          <ol className="mt-4 list-decimal space-y-1.5 pl-5 text-sm text-slate-600">
            <li>Open your bank or mobile wallet app and start a transfer to the account above.</li>
            <li>Enter the exact amount and put the order ID in the reference or remarks field.</li>
            <li>
              Once the transfer is done, press “Check Payment Status”. Bank transfers can take a
              little while to arrive.
            </li>
          </ol>
        </Card>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button onClick={checkStatus} loading={checking} size="lg">
            {checking ? "Checking…" : "Check Payment Status"}
          </Button>
          <ButtonLink to="/dashboard" variant="secondary" size="lg">
            Back to Dashboard
          </ButtonLink>
        </div>
      </div>
    </PageContainer>
  );
}
