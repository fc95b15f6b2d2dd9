import type { ReactNode } from "react";

/** The page's <h1> with an optional eyebrow, lead paragraph and actions on the right. */
export function PageHeader({
  title,
  eyebrow,
  description,
  actions,
  align = "left",
  className = "",
}: {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  align?: "left" | "center";
  className?: string;
}) {
  const centered = align === "center";
  return (
    <header
      className={`mb-8 flex flex-col gap-4 ${centered ? "items-center text-center" : "sm:flex-row sm:items-end sm:justify-between"} ${className}`}
    >
      <div className={centered ? "max-w-2xl" : "min-w-0"}>
        {eyebrow && (
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-600">
            {eyebrow}
          </p>
        )}
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {description && (
          <p className="mt-3 max-w-3xl text-base text-slate-600 sm:text-lg">{description}</p>
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** The page width and gutters every page uses. */
export function PageContainer({
  children,
  width = "wide",
  className = "",
}: {
  children: ReactNode;
  width?: "narrow" | "medium" | "wide";
  className?: string;
}) {
  const max = { narrow: "max-w-md", medium: "max-w-3xl", wide: "max-w-6xl" }[width];
  return <div className={`mx-auto w-full ${max} px-4 py-10 sm:py-14 ${className}`}>{children}</div>;
}
