import { Card } from "../../components/ui/Card";
import { PageContainer, PageHeader } from "../../components/ui/PageHeader";
import { CtaBanner } from "./shared";

const VALUES = [
  {
    title: "Quality first",
    text: "Only the areas you mark are edited. The video is re-encoded at CRF 18 with its original size, frame rate, duration and audio.",
  },
  {
    title: "Private by default",
    text: "Your upload is deleted right after processing and the result 5 minutes later. We do not build a library of your footage.",
  },
  {
    title: "Honest tools",
    text: "Five methods with clear trade-offs, rather than one button that promises magic. You choose what suits your footage.",
  },
] as const;

const FACTS = [
  ["5", "removal methods"],
  ["CRF 18", "output quality"],
  ["0.1 s", "time range precision"],
  ["5 min", "until results are deleted"],
] as const;

export function AboutPage() {
  return (
    <PageContainer>
      <PageHeader
        eyebrow="About us"
        title="We make clean video simple"
        description="Watermark Remover started with a simple frustration: removing a logo from your own footage should not need a video editor, a plug-in and an afternoon."
      />

      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="story-heading">
          <h2 id="story-heading" className="text-2xl font-bold text-slate-900">
            Our story
          </h2>
          <div className="mt-3 space-y-4 leading-relaxed text-slate-700">
            <p>
              Creators, marketers and small studios often hold footage that carries a mark they no
              longer need: an old channel logo, a trial stamp from editing software, a date burned
              in by a camera. We built a tool that runs in the browser: upload the video, draw a box
              over the mark, choose how it should be removed and download the result.
            </p>
            <p>
              Behind it is FFmpeg, the open-source engine that powers much of the world's video, and
              our own smart fill, which studies every frame to recover the picture underneath a
              semi-transparent logo instead of simply smudging it.
            </p>
            <p>
              Please use it only on videos you own or have the right to edit. Removing someone
              else's watermark to pass off their work as yours is not what we are here for.
            </p>
          </div>
        </section>

        <section aria-labelledby="facts-heading">
          <h2 id="facts-heading" className="sr-only">
            In numbers
          </h2>
          <dl className="grid grid-cols-2 gap-4">
            {FACTS.map(([value, label]) => (
              <Card key={label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-slate-600">{label}</dt>
                <dd className="text-2xl font-bold text-brand-700">{value}</dd>
              </Card>
            ))}
          </dl>
        </section>
      </div>

      <section aria-labelledby="values-heading" className="mt-16">
        <h2 id="values-heading" className="text-2xl font-bold text-slate-900">
          What we stand for
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {VALUES.map((value) => (
            <Card as="li" key={value.title}>
              <h3 className="font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{value.text}</p>
            </Card>
          ))}
        </ul>
      </section>

      <CtaBanner
        title="Questions or ideas?"
        text="Tell us how you use the tool, or what would make it better."
        action="Contact us"
        to="/contact"
      />
    </PageContainer>
  );
}
