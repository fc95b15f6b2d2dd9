import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ADMIN_KEY, type AdminClient, errorText, PAGE_SIZE } from "./client";
import {
  Badge,
  buttonDanger,
  cell,
  DataTable,
  ErrorNotice,
  formatDate,
  Loading,
  Pager,
} from "./ui";

const HEADERS = [
  "Fingerprint",
  "IP address",
  "Videos processed",
  "Status",
  "Created",
  "Last used",
  "Action",
];

export function TrialsPanel({ client }: { client: AdminClient }) {
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [actionError, setActionError] = useState<string | null>(null);
  const trials = useQuery({
    queryKey: [ADMIN_KEY, "freeTrials", offset],
    queryFn: () => client.admin.freeTrials.query({ limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  const block = useMutation({
    mutationFn: (trialId: string) => client.admin.blockTrial.mutate({ trialId }),
    onSuccess: () => {
      setActionError(null);
      return queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
    },
    onError: (error) => setActionError(errorText(error, "Failed to block trial")),
  });

  if (trials.isPending) return <Loading label="Loading anonymous sessions…" />;
  if (trials.isError)
    return <ErrorNotice message={errorText(trials.error, "Failed to load data")} />;

  return (
    <div>
      {actionError && <ErrorNotice message={actionError} onDismiss={() => setActionError(null)} />}
      <DataTable
        caption="Anonymous sessions"
        headers={HEADERS}
        empty={trials.data.freeTrials.length === 0}
      >
        {trials.data.freeTrials.map((trial) => {
          const short = trial.fingerprint.slice(0, 16);
          const blocking = block.isPending && block.variables === trial._id;
          return (
            <tr key={trial._id}>
              <td className={`${cell} font-mono text-xs`} title={trial.fingerprint}>
                {short}
                {trial.fingerprint.length > 16 && "…"}
              </td>
              <td className={`${cell} font-mono text-xs`}>{trial.ipAddress}</td>
              <td className={`${cell} tabular-nums`}>{trial.videosProcessed}</td>
              <td className={cell}>
                <Badge
                  status={trial.isBlocked ? "blocked" : "active"}
                  label={trial.isBlocked ? "Blocked" : "Active"}
                />
              </td>
              <td className={cell}>{formatDate(trial.createdAt)}</td>
              <td className={cell}>{formatDate(trial.lastUsed)}</td>
              <td className={cell}>
                {trial.isBlocked ? (
                  <span className="inline-flex h-[34px] items-center text-slate-400">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Already blocked</span>
                  </span>
                ) : (
                  <button
                    type="button"
                    className={buttonDanger}
                    disabled={blocking}
                    onClick={() => block.mutate(trial._id)}
                    aria-label={`Block session ${short}`}
                  >
                    {blocking ? "Blocking…" : "Block"}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <Pager
        label="Anonymous sessions"
        offset={offset}
        limit={PAGE_SIZE}
        total={trials.data.total}
        busy={trials.isFetching}
        onChange={setOffset}
      />
    </div>
  );
}
