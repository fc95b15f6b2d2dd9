import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ADMIN_KEY, type AdminClient, type AdminUser, errorText, PAGE_SIZE } from "./client";
import {
  Badge,
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  cell,
  DataTable,
  ErrorNotice,
  Loading,
  Pager,
} from "./ui";

const HEADERS = ["Name", "Email", "Role", "Subscription", "Credits", "Videos processed", "Status"];

export function UsersPanel({ client }: { client: AdminClient }) {
  const [offset, setOffset] = useState(0);
  const [actionError, setActionError] = useState<string | null>(null);
  const users = useQuery({
    queryKey: [ADMIN_KEY, "users", offset],
    queryFn: () => client.admin.users.query({ limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });

  if (users.isPending) return <Loading label="Loading users…" />;
  if (users.isError) return <ErrorNotice message={errorText(users.error, "Failed to load data")} />;

  return (
    <div>
      {actionError && <ErrorNotice message={actionError} onDismiss={() => setActionError(null)} />}
      <DataTable caption="Users" headers={HEADERS} empty={users.data.users.length === 0}>
        {users.data.users.map((user) => (
          <UserRow key={user._id} client={client} user={user} onError={setActionError} />
        ))}
      </DataTable>
      <Pager
        label="Users"
        offset={offset}
        limit={PAGE_SIZE}
        total={users.data.total}
        busy={users.isFetching}
        onChange={setOffset}
      />
    </div>
  );
}

function UserRow({
  client,
  user,
  onError,
}: {
  client: AdminClient;
  user: AdminUser;
  onError: (message: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(String(user.credits));
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });

  const saveCredits = useMutation({
    mutationFn: (credits: number) => client.admin.setCredits.mutate({ userId: user._id, credits }),
    onSuccess: async () => {
      onError(null);
      await refresh();
      setEditing(false);
    },
    onError: (error) => onError(errorText(error, "Failed to update credits")),
  });

  const toggleActive = useMutation({
    mutationFn: () => client.admin.setActive.mutate({ userId: user._id, isActive: !user.isActive }),
    onSuccess: () => {
      onError(null);
      return refresh();
    },
    onError: (error) => onError(errorText(error, "Failed to toggle user status")),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credits = Number(draft);
    if (draft.trim() === "" || !Number.isInteger(credits) || credits < 0) {
      onError("Credits must be a whole number from 0");
      return;
    }
    saveCredits.mutate(credits);
  };

  const startEditing = () => {
    setDraft(String(user.credits));
    setEditing(true);
  };

  return (
    <tr className="align-middle">
      <td className={`${cell} font-medium text-slate-900`}>{user.name}</td>
      <td className={cell}>{user.email}</td>
      <td className={`${cell} capitalize`}>{user.role}</td>
      <td className={`${cell} capitalize`}>{user.subscription}</td>
      <td className={cell}>
        {editing ? (
          <form onSubmit={submit} className="flex items-center gap-2">
            <label htmlFor={inputId} className="sr-only">
              Credits for {user.email}
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") setEditing(false);
              }}
              // biome-ignore lint/a11y/noAutofocus: the admin just asked to edit this value
              autoFocus
              className="w-24 rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-900"
            />
            <button type="submit" className={buttonPrimary} disabled={saveCredits.isPending}>
              {saveCredits.isPending ? "Saving…" : "Save"}
            </button>
            <button
              type="button"
              className={buttonSecondary}
              disabled={saveCredits.isPending}
              onClick={() => setEditing(false)}
            >
              Cancel
            </button>
          </form>
        ) : (
          <div className="flex items-center gap-3">
            <span className="min-w-10 tabular-nums">{user.credits.toLocaleString()}</span>
            <button
              type="button"
              className={buttonSecondary}
              onClick={startEditing}
              aria-label={`Edit credits for ${user.email}`}
            >
              Edit
            </button>
          </div>
        )}
      </td>
      <td className={`${cell} tabular-nums`}>{user.totalVideosProcessed.toLocaleString()}</td>
      <td className={cell}>
        <div className="flex items-center gap-3">
          <Badge
            status={user.isActive ? "active" : "inactive"}
            label={user.isActive ? "Active" : "Inactive"}
          />
          <button
            type="button"
            className={user.isActive ? buttonDanger : buttonPrimary}
            disabled={toggleActive.isPending}
            onClick={() => toggleActive.mutate()}
            aria-label={`${user.isActive ? "Deactivate" : "Activate"} ${user.email}`}
          >
            {user.isActive ? "Deactivate" : "Activate"}
          </button>
        </div>
      </td>
    </tr>
  );
}
