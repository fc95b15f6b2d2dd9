import { useQuery } from "@tanstack/react-query";
import type { EncoderPool } from "@wr/contracts";
import { ADMIN_KEY, type AdminClient, errorText } from "./client";
import { ErrorNotice, Loading } from "./ui";

export function StatsPanel({ client }: { client: AdminClient }) {
  const stats = useQuery({
    queryKey: [ADMIN_KEY, "stats"],
    queryFn: () => client.admin.stats.query(),
  });

  if (stats.isPending) return <Loading label="Loading statistics…" />;
  if (stats.isError) return <ErrorNotice message={errorText(stats.error, "Failed to load data")} />;

  const { totalUsers, totalVideos, activeUsers, freeTrials, videosBySubscription, pool } =
    stats.data;
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
      <PoolSection pool={pool} />
    </div>
  );
}

/** The encoder nodes alive now, what they encode with, and the queue in front of them. */
function PoolSection({ pool }: { pool: EncoderPool }) {
  return (
    <section
      aria-labelledby="encoder-pool"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id="encoder-pool" className="text-base font-semibold text-slate-900">
        Encoder pool
      </h3>
      <p className="mt-1 text-sm text-slate-500">
        {pool.nodes.length} {pool.nodes.length === 1 ? "node" : "nodes"}, {pool.jobsRunning}{" "}
        running, {pool.queueDepth} waiting
      </p>
      {pool.nodes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No encoder node is running.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 font-medium">Node</th>
              <th className="py-1 font-medium">Mode</th>
              <th className="py-1 font-medium">Encoder</th>
              <th className="py-1 font-medium">Jobs</th>
              <th className="py-1 font-medium">Last seen</th>
            </tr>
          </thead>
          <tbody className="text-slate-700">
            {pool.nodes.map((node) => (
              <tr key={node.id} className="border-t border-slate-100">
                <td className="py-1 font-mono text-xs">{node.hostname}</td>
                <td className="py-1">{node.mode}</td>
                <td className="py-1">{node.chosen}</td>
                <td className="py-1">
                  {node.currentJobs.length} / {node.concurrency}
                </td>
                <td className="py-1">{new Date(node.lastSeen).toLocaleTimeString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
