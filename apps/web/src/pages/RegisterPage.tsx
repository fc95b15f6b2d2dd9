import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../components/ui/Alert";
import { Button } from "../components/ui/Button";
import { Card } from "../components/ui/Card";
import { errorMessage } from "../components/ui/error-message";
import { TextField } from "../components/ui/Field";
import { PageContainer, PageHeader } from "../components/ui/PageHeader";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

/** SPEC.md §5. */
const MIN_PASSWORD_LENGTH = 6;
const PASSWORDS_DIFFER = "Passwords do not match";
const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

const BENEFITS = [
  {
    title: "Unlimited credits",
    text: "Your dashboard shows unlimited credits: process as many videos as you need.",
  },
  {
    title: "Five removal methods",
    text: "Smart fill, delogo, blur, pixelate or a black box, each area with its own time range.",
  },
  {
    title: "Full quality output",
    text: "H.264 at CRF 18 with the original size, frame rate, duration and audio.",
  },
  {
    title: "Private by design",
    text: "Uploads are deleted right after processing; results 5 minutes later.",
  },
] as const;

type FieldErrors = { password?: string; confirm?: string };

export function RegisterPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);

  const register = useMutation({
    mutationFn: (input: { name: string; email: string; password: string }) =>
      trpc.auth.register.mutate(input),
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      navigate("/dashboard", { replace: true });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    register.reset();
    if (password !== confirm) {
      setFieldErrors({ confirm: PASSWORDS_DIFFER });
      confirmInput.current?.focus();
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setFieldErrors({ password: PASSWORD_TOO_SHORT });
      passwordInput.current?.focus();
      return;
    }
    setFieldErrors({});
    register.mutate({ name, email, password });
  }

  return (
    <PageContainer>
      <div className="mx-auto grid max-w-5xl items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="mx-auto w-full max-w-md">
          <PageHeader
            title="Create your account"
            description="It takes a minute. No card needed."
            className="mb-6!"
          />
          <Card padding="lg">
            <form onSubmit={submit} className="space-y-5" aria-busy={register.isPending}>
              {register.isError && (
                <Alert tone="error">{errorMessage(register.error, "Registration failed")}</Alert>
              )}
              <TextField
                label="Full Name"
                name="name"
                autoComplete="name"
                required
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
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
                ref={passwordInput}
                label="Password"
                type="password"
                name="password"
                autoComplete="new-password"
                required
                hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
                error={fieldErrors.password}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <TextField
                ref={confirmInput}
                label="Confirm Password"
                type="password"
                name="confirmPassword"
                autoComplete="new-password"
                required
                error={fieldErrors.confirm}
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
              />
              <Button type="submit" size="lg" fullWidth loading={register.isPending}>
                Create Account
              </Button>
            </form>
          </Card>
          <p className="mt-6 text-center text-sm text-slate-600">
            Already have an account?{" "}
            <Link
              to="/login"
              className="font-semibold text-brand-600 underline underline-offset-2 hover:text-brand-700"
            >
              Log in
            </Link>
          </p>
        </div>

        <section
          aria-labelledby="benefits-heading"
          className="mx-auto w-full max-w-md rounded-xl border border-brand-100 bg-brand-50 p-6 sm:p-8 lg:mt-26"
        >
          <h2 id="benefits-heading" className="text-xl font-bold text-slate-900">
            What you get with an account
          </h2>
          <ul className="mt-6 space-y-5">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
                >
                  ✓
                </span>
                <div>
                  <p className="font-semibold text-slate-900">{benefit.title}</p>
                  <p className="mt-0.5 text-sm text-slate-600">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageContainer>
  );
}
