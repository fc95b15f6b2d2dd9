import { Badge } from "../../components/ui/Badge";
import { Card } from "../../components/ui/Card";
import { PageContainer, PageHeader } from "../../components/ui/PageHeader";
import { CtaBanner, METHOD_DETAILS } from "./shared";

const STEPS = [
  { title: "Upload", text: "Choose any video file from your device." },
  { title: "Mark", text: "Draw a rectangle over each watermark on the preview." },
  { title: "Choose", text: "Pick a removal method and, if you like, a time range per area." },
  { title: "Download", text: "Play the clean result in the browser and download it." },
] as const;

const QUALITY = [
  ["CRF 18 output", "H.264 at constant quality CRF 18: visually lossless for almost all footage."],
  [
    "Nothing else changes",
    "Original resolution, frame rate and duration; the audio is kept as is.",
  ],
  ["Plays everywhere", "MP4 with the index at the front, so it starts playing while it loads."],
] as const;

export function FeaturesPage() {
  return (
    <PageContainer>
      <PageHeader
        align="center"
        eyebrow="Features"
        title="Five ways to make a watermark disappear"
        description="Mark the area, pick the method that suits your footage, and get your video back at full quality."
      />

      <section aria-labelledby="methods-heading">
        <h2 id="methods-heading" className="text-2xl font-bold text-slate-900">
          Removal methods
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {METHOD_DETAILS.map((method) => (
            <Card as="li" key={method.id} className="flex flex-col">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg font-semibold text-slate-900">{method.name}</h3>
                <Badge tone={method.timeRange ? "brand" : "violet"}>
                  {method.timeRange ? "Time ranges" : "Whole video"}
                </Badge>
              </div>
              <p className="mt-1 font-medium text-slate-700">{method.summary}</p>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{method.text}</p>
              <p className="mt-auto pt-4 text-sm text-slate-500">
                <span className="font-semibold text-slate-700">Best for:</span> {method.bestFor}
              </p>
            </Card>
          ))}
        </ul>
      </section>

      <section aria-labelledby="time-heading" className="mt-16 grid gap-8 lg:grid-cols-2">
        <div>
          <h2 id="time-heading" className="text-2xl font-bold text-slate-900">
            Time ranges for every area
          </h2>
          <p className="mt-3 leading-relaxed text-slate-600">
            Watermarks that appear only for a while, or move between corners, need not be covered
            for the whole video. With delogo, blur, pixelate and black box, each area has its own
            start and end time, in steps of 0.1 seconds, so it is treated only while the mark is on
            screen.
          </p>
          <p className="mt-3 leading-relaxed text-slate-600">
            Smart fill always works on the entire duration: it learns the mark from every frame.
          </p>
        </div>
        <Card className="self-start">
          <h3 className="font-semibold text-slate-900">Example</h3>
          <ol className="mt-3 space-y-3 text-sm text-slate-700">
            <li className="flex gap-3">
              <span className="w-24 shrink-0 font-mono text-slate-500">0.0–12.5 s</span>
              Logo in the top-right corner, blurred
            </li>
            <li className="flex gap-3">
              <span className="w-24 shrink-0 font-mono text-slate-500">12.5–30.0 s</span>
              Logo moves bottom-left, blurred there
            </li>
            <li className="flex gap-3">
              <span className="w-24 shrink-0 font-mono text-slate-500">45.0–48.0 s</span>
              End card username, black box
            </li>
          </ol>
        </Card>
      </section>

      <section aria-labelledby="quality-heading" className="mt-16">
        <h2 id="quality-heading" className="text-2xl font-bold text-slate-900">
          Output quality
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {QUALITY.map(([title, text]) => (
            <Card as="li" key={title}>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
            </Card>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="mt-16">
        <h2 id="steps-heading" className="text-2xl font-bold text-slate-900">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <Card as="li" key={step.title}>
              <span
                aria-hidden="true"
                className="grid h-8 w-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{step.text}</p>
            </Card>
          ))}
        </ol>
      </section>

      <CtaBanner
        title="Try it on your own video"
        text="Guests get a free trial; an account gives you unlimited credits."
        action="Remove a watermark"
        to="/"
      />
    </PageContainer>
  );
}
