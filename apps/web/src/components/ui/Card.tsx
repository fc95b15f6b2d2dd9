import type { HTMLAttributes } from "react";

type CardProps = HTMLAttributes<HTMLElement> & {
  /** Inner spacing; "none" for cards that lay out their own sections. */
  padding?: "none" | "sm" | "md" | "lg";
  as?: "div" | "section" | "article" | "li";
};

const PADDING = { none: "", sm: "p-4", md: "p-5 sm:p-6", lg: "p-6 sm:p-8" } as const;

/** The one surface of the app: white, rounded-xl, a slate border and a soft shadow. */
export function Card({ padding = "md", as: Tag = "div", className = "", ...rest }: CardProps) {
  return (
    <Tag
      className={`rounded-xl border border-slate-200 bg-white shadow-sm ${PADDING[padding]} ${className}`}
      {...rest}
    />
  );
}
