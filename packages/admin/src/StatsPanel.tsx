import { useQuery } from "@tanstack/react-query";
import { ADMIN_KEY, type AdminClient, errorText } from "./client";
import { ErrorNotice, Loading } from "./ui";

export function StatsPanel({ client }: { client: AdminClient }) {
  const stats = useQuery({
    queryKey: [ADMIN_KEY, "stats"],
    queryFn: () => client.admin.stats.query(),
  });

  if (stats.isPending) return <Loading label="Loading statistics…" />;
  if (stats.isError) return <ErrorNotice message={errorText(stats.error, "Failed to load data")} />;

  const { totalUsers, totalVideos, activeUsers, freeTrials, videosBySubscription } = stats.data;
  const cards = [
    ["Total users", totalUsers],
    ["Total videos", totalVideos],
    ["Active users", activeUsers],
    ["Free trials", freeTrials],
  ] as const;
  const largest = Math.max(1, ...videosBySubscription.map((row) => row.count));

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-500">{label}</dt>
            <dd className="mt-2 text-3xl font-bold text-slate-900">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-labelledby="videos-by-subscription"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h3 id="videos-by-subscription" className="text-base font-semibold text-slate-900">
          Videos by subscription
        </h3>
        {videosBySubscription.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">
            No videos processed by registered users yet.
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {videosBySubscription.map((row) => (
              <li key={row._id} className="text-sm">
                <div className="flex justify-between text-slate-700">
                  <span className="font-medium capitalize">{row._id}</span>
                  <span>
                    {row.count.toLocaleString()} {row.count === 1 ? "video" : "videos"}
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                  <div
                    className="h-2 rounded-full bg-brand-500"
                    style={{ width: `${(row.count / largest) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
