import { useQuery } from "@tanstack/react-query";

/** Online when GET /api/health answers ok with a healthy status (SPEC §7, plain fetch). */
async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch("/api/health", { cache: "no-store" });
    if (!response.ok) return false;
    const body = (await response.json().catch(() => null)) as { status?: string } | null;
    return body?.status === undefined || body.status === "ok";
  } catch {
    return false;
  }
}

/** "System Online" / "Server Offline", checked again every 30 seconds. */
export function StatusBadge() {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: checkHealth,
    refetchInterval: 30_000,
    retry: false,
  });
  const state = health.data === undefined ? "checking" : health.data ? "online" : "offline";
  const styles = {
    checking: "bg-slate-100 text-slate-600 ring-slate-200",
    online: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    offline: "bg-red-50 text-red-800 ring-red-200",
  }[state];
  const dot = {
    checking: "bg-slate-400",
    online: "bg-emerald-500",
    offline: "bg-red-500",
  }[state];
  return (
    <p
      role="status"
      data-testid="server-status"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${styles}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot}`} />
      {state === "checking"
        ? "Checking server…"
        : state === "online"
          ? "System Online"
          : "Server Offline"}
    </p>
  );
}
