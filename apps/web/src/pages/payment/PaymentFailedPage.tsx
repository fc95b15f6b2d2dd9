import { Link, useSearchParams } from "react-router";
import { Alert, ButtonLink, Card, PageContainer } from "../../components/ui";

const REASONS = [
  "The payment was cancelled or declined on the payment page",
  "Insufficient balance in the wallet or account",
  "Incorrect card, wallet or OTP details",
  "The bank or wallet provider declined the transaction",
  "The payment session timed out",
] as const;

/** /payment-failed: where the provider sends a declined or cancelled payment. */
export function PaymentFailedPage() {
  const [params] = useSearchParams();
  const orderId = params.get("order_id");

  return (
    <PageContainer width="medium">
      <Card padding="lg" className="mx-auto max-w-xl">
        <div className="flex flex-col items-center text-center">
          <span
            aria-hidden="true"
            className="grid h-16 w-16 place-items-center rounded-full bg-red-100 text-3xl font-bold text-red-700"
          >
            ✕
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Payment Failed</h1>
          <p className="mt-2 text-slate-600">Your payment could not be completed.</p>
          {orderId && (
            <p className="mt-2 text-xs break-all text-slate-500">Order reference: {orderId}</p>
          )}
        </div>

        <Alert tone="info" title="You have not been charged" className="mt-6">
          <p>No charges were made, and your credits are unchanged.</p>
        </Alert>

        <section aria-labelledby="failure-reasons" className="mt-6">
          <h2 id="failure-reasons" className="text-base font-semibold text-slate-900">
            Common reasons
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-600">
            {REASONS.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </section>

        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to="/payment">Try Again</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            Return to Dashboard
          </ButtonLink>
        </div>
        <p className="mt-6 text-center text-sm text-slate-500">
          Still having trouble?{" "}
          <Link to="/contact" className="font-medium text-brand-700 underline hover:text-brand-600">
            Contact support
          </Link>
        </p>
      </Card>
    </PageContainer>
  );
}
