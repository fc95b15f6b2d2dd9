import { TRPCClientError } from "@trpc/client";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert, ButtonLink, Card, PageContainer, Spinner } from "../../components/ui";
import { useSession } from "../../lib/session";
import { apiError, trpc } from "../../lib/trpc";

type Outcome =
  | { kind: "confirming" }
  | { kind: "invalid" }
  | { kind: "confirmed"; creditsAdded: number; credits: number }
  | { kind: "failed"; title: string; detail: string | null };

/** /payment-success: the provider sends the payer back here; the order is confirmed once. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get("order_id");
  const transactionId = params.get("transaction_id") ?? params.get("txn_id");
  const { user, refresh } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(() =>
    orderId ? { kind: "confirming" } : { kind: "invalid" },
  );
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!orderId) {
      setOutcome({ kind: "invalid" });
      return;
    }
    // One confirmation per order id (StrictMode runs effects twice in development).
    if (started.current === orderId) return;
    started.current = orderId;
    setOutcome({ kind: "confirming" });
    trpc.payment.confirm
      .mutate({ orderId, transactionId: transactionId ?? undefined, status: "success" })
      .then(async (result) => {
        if (!result.success) {
          setOutcome({ kind: "failed", title: "Payment confirmation failed", detail: null });
          return;
        }
        setOutcome({
          kind: "confirmed",
          creditsAdded: result.creditsAdded,
          credits: result.credits,
        });
        await refresh();
      })
      .catch((error: unknown) => {
        // The server said no (its reason as detail), or the call itself failed.
        const answered = error instanceof TRPCClientError && error.data !== undefined;
        const { message } = apiError(error);
        setOutcome(
          answered
            ? {
                kind: "failed",
                title: "Payment confirmation failed",
                detail: message && message !== "Payment confirmation failed" ? message : null,
              }
            : { kind: "failed", title: "Failed to confirm payment", detail: null },
        );
      });
  }, [orderId, transactionId, refresh]);

  return (
    <PageContainer width="medium">
      <Card padding="lg" className="mx-auto max-w-xl text-center">
        {outcome.kind === "confirming" && (
          <div role="status" className="flex flex-col items-center gap-4 py-6">
            <Spinner className="h-10 w-10 text-brand-600" />
            <h1 className="text-2xl font-bold text-slate-900">Confirming your payment…</h1>
            <p className="text-slate-600">Please keep this page open for a moment.</p>
          </div>
        )}

        {outcome.kind === "confirmed" && (
          <div className="flex flex-col items-center gap-4">
            <span
              aria-hidden="true"
              className="grid h-16 w-16 place-items-center rounded-full bg-green-100 text-3xl text-green-700"
            >
              ✓
            </span>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Payment Successful!</h1>
            <div role="status" className="space-y-1">
              {outcome.creditsAdded > 0 ? (
                <p className="text-lg text-slate-700">
                  <strong className="text-green-700">
                    {outcome.creditsAdded.toLocaleString("en-US")} credits
                  </strong>{" "}
                  have been added to your account.
                </p>
              ) : (
                <p className="text-lg text-slate-700">
                  Your payment is confirmed; its credits are already in your account.
                </p>
              )}
              <p className="text-slate-600">
                New balance:{" "}
                <strong className="text-slate-900">
                  {outcome.credits.toLocaleString("en-US")} credits
                </strong>
              </p>
            </div>
            {orderId && <p className="text-xs break-all text-slate-500">Order {orderId}</p>}
          </div>
        )}

        {outcome.kind === "invalid" && (
          <div className="flex flex-col items-center gap-4">
            <h1 className="text-2xl font-bold text-slate-900">Payment confirmation</h1>
            <Alert tone="error" title="Invalid payment confirmation" className="w-full text-left">
              <p>
                This link has no order to confirm. If you paid, your dashboard shows your credits.
              </p>
            </Alert>
          </div>
        )}

        {outcome.kind === "failed" && (
          <div className="flex flex-col items-center gap-4">
            <h1 className="text-2xl font-bold text-slate-900">Payment confirmation</h1>
            <Alert tone="error" title={outcome.title} className="w-full text-left">
              {outcome.detail && <p>{outcome.detail}</p>}
              <p>
                If you were charged, contact support with your order reference
                {orderId ? ` (${orderId})` : ""}.
              </p>
            </Alert>
            {!user && (
              <p className="text-sm text-slate-600">
                You are not logged in: log in with the account that placed the order, then open this
                link again.
              </p>
            )}
          </div>
        )}

        {outcome.kind !== "confirming" && (
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Process a Video
            </ButtonLink>
          </div>
        )}
      </Card>
    </PageContainer>
  );
}
