import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useSession } from "../lib/session";

/** Client-side comfort only: the server checks every call itself. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, checking } = useSession();
  if (checking) return <p className="p-8 text-center text-slate-500">Loading…</p>;
  return user ? children : <Navigate to="/login" replace />;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, checking } = useSession();
  if (checking) return <p className="p-8 text-center text-slate-500">Loading…</p>;
  if (!user) return <Navigate to="/login" replace />;
  return user.role === "admin" ? children : <Navigate to="/dashboard" replace />;
}
