import type { ReactNode } from "react";
import { ButtonLink } from "../../components/ui/Button";
import { PageContainer, PageHeader } from "../../components/ui/PageHeader";

/** The removal methods as the marketing pages describe them (ids of SPEC.md §3). */
export const METHOD_DETAILS = [
  {
    id: "smartfill",
    name: "Smart fill",
    summary: "Reconstructs what is behind the watermark.",
    text: "Content-aware removal over the whole video. A static, semi-transparent mark is the same in every frame, so its colour and opacity are estimated across frames and the blend is inverted to recover the picture beneath; opaque parts are filled from frames where camera motion reveals them.",
    bestFor: "Semi-transparent logos and fixed overlays",
    timeRange: false,
  },
  {
    id: "delogo",
    name: "Delogo",
    summary: "Blends the area into its surroundings.",
    text: "FFmpeg's delogo filter interpolates the marked rectangle from the pixels around its edges. Fast, and invisible on smooth backgrounds.",
    bestFor: "Small logos on plain or slowly changing backgrounds",
    timeRange: true,
  },
  {
    id: "blur",
    name: "Blur",
    summary: "Softens the area until it is unreadable.",
    text: "A strong blur over the marked area hides text and logos while keeping the colours of the scene.",
    bestFor: "Text, usernames and busy backgrounds",
    timeRange: true,
  },
  {
    id: "pixelate",
    name: "Pixelate",
    summary: "Turns the area into large blocks.",
    text: "A mosaic over the marked area: clearly intentional, and nothing of the original mark can be read.",
    bestFor: "Faces, plates and details that must stay hidden",
    timeRange: true,
  },
  {
    id: "black",
    name: "Black box",
    summary: "Covers the area with solid black.",
    text: "The simplest and most certain cover: the rectangle is painted black for as long as you choose.",
    bestFor: "Letterbox bars, tickers and redaction",
    timeRange: true,
  },
] as const;

/** A call to action at the foot of a marketing page. */
export function CtaBanner({
  title,
  text,
  action,
  to,
}: {
  title: string;
  text: string;
  action: string;
  to: string;
}) {
  return (
    <section
      aria-labelledby="cta-heading"
      className="mt-16 flex flex-col items-start gap-5 rounded-xl bg-brand-600 p-6 text-white sm:p-10 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <h2 id="cta-heading" className="text-2xl font-bold">
          {title}
        </h2>
        <p className="mt-2 text-brand-50">{text}</p>
      </div>
      <ButtonLink to={to} variant="secondary" size="lg" className="shrink-0 border-white">
        {action}
      </ButtonLink>
    </section>
  );
}

/** Privacy and terms: a title, a short summary box, then numbered sections. */
export function LegalPage({
  title,
  description,
  summary,
  sections,
}: {
  title: string;
  description: string;
  summary: ReactNode;
  sections: { heading: string; body: ReactNode }[];
}) {
  return (
    <PageContainer width="medium">
      <PageHeader eyebrow="Legal" title={title} description={description} />
      <aside
        aria-label="Summary"
        className="mb-10 rounded-xl border border-brand-100 bg-brand-50 p-5 text-slate-800 sm:p-6"
      >
        {summary}
      </aside>
      <div className="space-y-8">
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`legal-${index}`}>
            <h2 id={`legal-${index}`} className="text-xl font-bold text-slate-900">
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:font-semibold [&_a]:text-brand-600 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-700 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </PageContainer>
  );
}
