import { useMutation, useQuery } from "@tanstack/react-query";
import type { PaymentPackage } from "@wr/contracts";
import {
  Alert,
  Badge,
  Button,
  Card,
  errorMessage,
  PageContainer,
  PageHeader,
} from "../../components/ui";
import { apiError, trpc } from "../../lib/trpc";

const RECOMMENDED_ID = "pro";
const CREATE_FAILED = "Failed to create payment order";

/** "PKR 1,500": prices are whole rupees. */
export function formatPkr(amount: number): string {
  return `PKR ${amount.toLocaleString("en-US")}`;
}

/** Outline icons (24×24, stroke) for the payment methods. */
const ICONS = {
  wallet:
    "M3 7a2 2 0 0 1 2-2h11a2 2 0 0 1 2 2v1M3 7v10a2 2 0 0 0 2 2h14a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1H5a2 2 0 0 1-2-1Zm13 6h1",
  bank: "M3 10h18M5 10v7m4.5-7v7m5-7v7M19 10v7M3 20h18M12 3l9 5H3l9-5Z",
  card: "M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 3h18M7 15h4",
} as const;

const PAYMENT_METHODS = [
  { icon: ICONS.wallet, title: "Mobile wallets", text: "JazzCash and Easypaisa" },
  { icon: ICONS.bank, title: "Bank transfer", text: "Direct transfer from any Pakistani bank" },
  { icon: ICONS.card, title: "Cards", text: "Visa and Mastercard debit or credit cards" },
] as const;

/** SPEC.md §8: the server's error, its details, the exception's message, or the fallback. */
function orderErrorText(error: unknown): string {
  const { message, extra } = apiError(error);
  if (message.trim()) return errorMessage(error, CREATE_FAILED);
  if (typeof extra.details === "string" && extra.details.trim()) return extra.details;
  return CREATE_FAILED;
}

/** /payment: the credit packages, and a purchase through the payment provider's page. */
export function PaymentPage() {
  const packages = useQuery({
    queryKey: ["payment", "packages"],
    queryFn: () => trpc.payment.packages.query(),
  });
  const order = useMutation({
    mutationFn: async (packageId: string) => {
      const result = await trpc.payment.createOrder.mutate({ packageId });
      if (!result.success) throw new Error("Payment creation failed - no success flag");
      return result;
    },
    onSuccess: ({ paymentUrl }) => {
      window.location.href = paymentUrl;
    },
  });
  // Once the provider's URL is set the browser is leaving: keep the buttons disabled.
  const busy = order.isPending || order.isSuccess;

  return (
    <PageContainer>
      <PageHeader
        align="center"
        eyebrow="Credits"
        title="Buy Credits"
        description="Choose a credit package. You pay securely on the payment provider's page and the credits are added as soon as the payment is confirmed."
      />

      {order.isError && (
        <Alert tone="error" title={orderErrorText(order.error)} className="mx-auto mb-8 max-w-3xl">
          <p>Please try again or contact support if the issue persists.</p>
        </Alert>
      )}

      {packages.isPending ? (
        <p role="status" className="py-12 text-center text-slate-500">
          Loading packages…
        </p>
      ) : packages.isError ? (
        <Alert tone="error" title="Failed to load payment packages" className="mx-auto max-w-3xl">
          <p>Please try again or contact support if the issue persists.</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => packages.refetch()}
            loading={packages.isFetching}
          >
            Retry
          </Button>
        </Alert>
      ) : (
        <ul className="grid gap-6 md:grid-cols-3 md:items-stretch">
          {packages.data.packages.map((pack) => (
            <PackageCard
              key={pack.id}
              pack={pack}
              busy={busy}
              buying={busy && order.variables === pack.id}
              onBuy={() => order.mutate(pack.id)}
            />
          ))}
        </ul>
      )}

      <section aria-labelledby="payment-methods" className="mx-auto mt-12 max-w-4xl">
        <h2 id="payment-methods" className="text-center text-xl font-semibold text-slate-900">
          Payment methods
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {PAYMENT_METHODS.map((method) => (
            <Card as="li" padding="sm" key={method.title} className="flex items-start gap-3">
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-6 w-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.6}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={method.icon} />
                </svg>
              </span>
              <div>
                <p className="font-semibold text-slate-900">{method.title}</p>
                <p className="text-sm text-slate-600">{method.text}</p>
              </div>
            </Card>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-slate-500">
          Prices are in Pakistani rupees (PKR). Your card or wallet details are entered on the
          payment provider's page, never on ours.
        </p>
      </section>
    </PageContainer>
  );
}

function PackageCard({
  pack,
  busy,
  buying,
  onBuy,
}: {
  pack: PaymentPackage;
  busy: boolean;
  buying: boolean;
  onBuy: () => void;
}) {
  const recommended = pack.id === RECOMMENDED_ID;
  const headingId = `package-${pack.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-xl border bg-white p-6 shadow-sm ${
        recommended ? "border-brand-500 ring-2 ring-brand-500 md:-my-2 md:py-8" : "border-slate-200"
      }`}
    >
      {recommended && (
        <Badge
          tone="brand"
          className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-600 text-white ring-brand-600"
        >
          Best Value
        </Badge>
      )}
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {pack.name}
        {recommended && <span className="sr-only"> (recommended)</span>}
      </h2>
      <p className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {formatPkr(pack.price)}
      </p>
      <p className="mt-1 text-base font-medium text-brand-700">
        {pack.credits.toLocaleString("en-US")} credits
      </p>
      <p className="mt-1 text-sm text-slate-500">
        {formatPkr(Math.round(pack.price / pack.credits))} per credit
      </p>
      <div className="mt-6 flex-1" />
      <Button
        variant={recommended ? "primary" : "secondary"}
        fullWidth
        disabled={busy}
        loading={buying}
        onClick={onBuy}
        aria-label={`Buy ${pack.name} package`}
      >
        {buying ? "Redirecting…" : "Buy"}
      </Button>
    </li>
  );
}
