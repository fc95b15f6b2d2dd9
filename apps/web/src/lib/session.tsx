import type { PublicUser } from "@wr/contracts";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { TOKEN_KEY, USER_KEY } from "./storage-keys";
import { trpc } from "./trpc";

type Session = {
  user: PublicUser | null;
  /** True until a stored token has been checked with the server. */
  checking: boolean;
  signIn(token: string, user: PublicUser): void;
  signOut(): void;
  /** Fetches the user again (after a purchase, on the dashboard). */
  refresh(): Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

function storedUser(): PublicUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? "null");
  } catch {
    return null;
  }
}

/** Keeps `token` and `user` in storage; on load a stored token is checked, and cleared if bad. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(() =>
    localStorage.getItem(TOKEN_KEY) ? storedUser() : null,
  );
  const [checking, setChecking] = useState(() => localStorage.getItem(TOKEN_KEY) !== null);

  const signOut = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    setUser(null);
  }, []);

  const refresh = useCallback(async () => {
    if (!localStorage.getItem(TOKEN_KEY)) return;
    try {
      const { user: fresh } = await trpc.auth.me.query();
      localStorage.setItem(USER_KEY, JSON.stringify(fresh));
      setUser(fresh);
    } catch {
      signOut();
    }
  }, [signOut]);

  useEffect(() => {
    if (!localStorage.getItem(TOKEN_KEY)) return;
    refresh().finally(() => setChecking(false));
  }, [refresh]);

  const value = useMemo<Session>(
    () => ({
      user,
      checking,
      signIn(token, fresh) {
        localStorage.setItem(TOKEN_KEY, token);
        localStorage.setItem(USER_KEY, JSON.stringify(fresh));
        setUser(fresh);
      },
      signOut() {
        // The server revokes the session first; the token leaves storage once it has.
        setUser(null);
        trpc.auth.logout
          .mutate()
          .catch(() => {})
          .finally(signOut);
      },
      refresh,
    }),
    [user, checking, refresh, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}
