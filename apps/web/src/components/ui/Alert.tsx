import type { ReactNode } from "react";

export type AlertTone = "error" | "success" | "info" | "warning";

const TONES: Record<AlertTone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-brand-100 bg-brand-50 text-brand-700",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
};

/** Icons as SVG paths (20x20), so the alert's text is only its message. */
const ICONS: Record<AlertTone, string> = {
  error:
    "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm0-12a1 1 0 0 1 1 1v3a1 1 0 1 1-2 0V7a1 1 0 0 1 1-1Zm0 8.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z",
  warning:
    "M8.3 3.1a2 2 0 0 1 3.4 0l6 10.4A2 2 0 0 1 16 16.5H4a2 2 0 0 1-1.7-3L8.3 3.1ZM10 7a1 1 0 0 0-1 1v2.5a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 7.5a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z",
  success:
    "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4Z",
  info: "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm0-11.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5ZM10 8a1 1 0 0 1 1 1v5a1 1 0 1 1-2 0V9a1 1 0 0 1 1-1Z",
};

/**
 * A message box. Errors use role="alert" (announced at once); the others role="status".
 * Render it only while there is something to say, so screen readers announce it on arrival;
 * inside a live region of your own, pass `live={false}` so it is not announced twice.
 */
export function Alert({
  tone = "info",
  title,
  children,
  live = true,
  className = "",
}: {
  tone?: AlertTone;
  live?: boolean;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={live ? (tone === "error" ? "alert" : "status") : undefined}
      className={`flex gap-3 rounded-xl border px-4 py-3 text-sm ${TONES[tone]} ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5 shrink-0">
        <path fillRule="evenodd" clipRule="evenodd" d={ICONS[tone]} />
      </svg>
      <div className="min-w-0 break-words">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}
