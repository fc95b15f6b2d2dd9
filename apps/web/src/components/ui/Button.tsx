import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2.5 text-sm",
  lg: "px-6 py-3 text-base",
};

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean };

/** The classes of a button, for anything that should look like one (links included). */
export function buttonClasses({
  variant = "primary",
  size = "md",
  fullWidth = false,
}: StyleProps = {}): string {
  return [
    // Only the colours named animate: an animated outline would fade the focus ring in from white.
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-[background-color,border-color]",
    "disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    fullWidth ? "w-full" : "",
  ].join(" ");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  StyleProps & {
    /** Shows a spinner and disables the button; `aria-busy` tells assistive technology. */
    loading?: boolean;
  };

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  disabled,
  className = "",
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonClasses({ variant, size, fullWidth })} ${className}`}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

/** A router link styled as a button. */
export function ButtonLink({
  variant,
  size,
  fullWidth,
  className = "",
  ...rest
}: LinkProps & StyleProps) {
  return (
    <Link className={`${buttonClasses({ variant, size, fullWidth })} ${className}`} {...rest} />
  );
}

export function Spinner({ className = "h-4 w-4" }: { className?: string }): ReactNode {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}
