import type { PublicUser } from "@wr/contracts";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "../components/ui/Badge";
import { ButtonLink } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { PageContainer } from "../components/ui/PageHeader";
import { useSession } from "../lib/session";

const SUBSCRIPTION_TONES: Record<PublicUser["subscription"], BadgeTone> = {
  free: "slate",
  basic: "brand",
  pro: "violet",
  enterprise: "amber",
};

const memberSince = (createdAt: string) => {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
};

/** SPEC.md §2: the guard sends guests to /login; the user is fetched again on every visit. */
export function DashboardPage() {
  const { user, refresh } = useSession();

  useEffect(() => {
    void refresh();
  }, [refresh]);

  if (!user) return null;
  const since = memberSince(user.createdAt);

  return (
    <PageContainer>
      <header className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Dashboard</p>
          <h1 className="mt-1 break-words text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Welcome, {user.name}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-slate-600">
            <span className="break-all" data-testid="user-email">
              {user.email}
            </span>
            <Badge tone={SUBSCRIPTION_TONES[user.subscription]} className="capitalize">
              <span className="sr-only">Subscription: </span>
              <span data-testid="subscription">{user.subscription}</span>
            </Badge>
          </div>
        </div>
        <ButtonLink to="/" size="lg" className="shrink-0">
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
            <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
          </svg>
          Process New Video
        </ButtonLink>
      </header>

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <StatCard
            title="Credits"
            icon="∞"
            value={
              <>
                <span aria-hidden="true" className="mr-2">
                  ∞
                </span>
                Unlimited
              </>
            }
            note={
              <Link to="/payment" className="font-semibold text-brand-600 hover:text-brand-700">
                Buy credits
              </Link>
            }
            testId="credits-card"
          />
          <StatCard
            title="Videos processed"
            icon="▶"
            value={user.totalVideosProcessed.toLocaleString()}
            note="All time"
            testId="videos-card"
          />
          <StatCard
            title="Account status"
            icon="✓"
            value={
              <span className="inline-flex items-center gap-2">
                <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-green-500" />
                Active
              </span>
            }
            note={since ? `Member since ${since}` : "Your account is in good standing"}
            testId="status-card"
          />
        </ul>
      </section>

      <section aria-labelledby="next-heading" className="mt-10">
        <h2 id="next-heading" className="text-xl font-bold text-slate-900">
          What would you like to do?
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          <ActionCard
            to="/"
            title="Remove a watermark"
            text="Upload a video, mark the areas and pick a removal method."
          />
          <ActionCard
            to="/payment"
            title="Credit packages"
            text="Compare packages and pay with a mobile wallet, bank transfer or card."
          />
          <ActionCard
            to="/features"
            title="Compare methods"
            text="See what smart fill, delogo, blur, pixelate and black box each do best."
          />
        </ul>
      </section>
    </PageContainer>
  );
}

function StatCard({
  title,
  icon,
  value,
  note,
  testId,
}: {
  title: string;
  icon: string;
  value: ReactNode;
  note: ReactNode;
  testId: string;
}) {
  return (
    <Card as="li" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-slate-600">{title}</h3>
        <span
          aria-hidden="true"
          className="grid h-9 w-9 place-items-center rounded-lg bg-brand-50 text-brand-600"
        >
          {icon}
        </span>
      </div>
      <p className="mt-3 text-2xl font-bold text-slate-900">{value}</p>
      <p className="mt-1 text-sm text-slate-500">{note}</p>
    </Card>
  );
}

function ActionCard({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-[border-color,box-shadow] hover:border-brand-500 hover:shadow-md"
      >
        <h3 className="font-semibold text-slate-900 group-hover:text-brand-700">
          {title} <span aria-hidden="true">→</span>
        </h3>
        <p className="mt-1 text-sm text-slate-600">{text}</p>
      </Link>
    </li>
  );
}
