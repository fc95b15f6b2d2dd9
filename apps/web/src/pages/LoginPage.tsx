import { useMutation } from "@tanstack/react-query";
import type { AuthResult } from "@wr/contracts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../components/ui/Alert";
import { Button } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { errorMessage } from "../components/ui/error-message";
import { TextField } from "../components/ui/Field";
import { PageContainer, PageHeader } from "../components/ui/PageHeader";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

/** SPEC.md §5 and §9. */
const MIN_PASSWORD_LENGTH = 6;
const LOGIN_TIMEOUT_MS = 30_000;
const TIMEOUT_MESSAGE = "Login request timed out";

type Credentials = { email: string; password: string };

/**
 * Logs in through `controller` (aborted by the caller when the page goes away), giving up
 * and aborting the request after LOGIN_TIMEOUT_MS.
 */
async function loginWithTimeout(
  credentials: Credentials,
  controller: AbortController,
): Promise<AuthResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(TIMEOUT_MESSAGE));
    }, LOGIN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      trpc.auth.login.mutate(credentials, { signal: controller.signal }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  // Leaving the page abandons a login still in flight.
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const login = useMutation({
    mutationFn: (credentials: Credentials) => {
      inFlight.current = new AbortController();
      return loginWithTimeout(credentials, inFlight.current);
    },
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      navigate("/dashboard", { replace: true });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate({ email, password });
  }

  return (
    <PageContainer width="narrow">
      <PageHeader
        align="center"
        title="Welcome back"
        description="Log in to remove watermarks and see your account."
      />
      <Card padding="lg">
        <form onSubmit={submit} className="space-y-5" aria-busy={login.isPending}>
          {login.isError && <Alert tone="error">{errorMessage(login.error, "Login failed")}</Alert>}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" size="lg" fullWidth loading={login.isPending}>
            Login
          </Button>
        </form>
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don't have an account?{" "}
        <Link
          to="/register"
          className="font-semibold text-brand-600 underline underline-offset-2 hover:text-brand-700"
        >
          Create one
        </Link>
      </p>
    </PageContainer>
  );
}
