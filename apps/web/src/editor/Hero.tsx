import { type DragEvent, type RefObject, useState } from "react";
import { Link } from "react-router";
import { trialLabel } from "./areas";
import { StatusBadge } from "./StatusBadge";
import { useTrialStatus } from "./trial";

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  fileError: string | null;
  onFile(file: File | null | undefined): void;
};

/** Headline, pitch, the upload control (click, keyboard or drop), server status and trial. */
export function Hero({ inputRef, fileError, onFile }: Props) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0]);
  };
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 sm:py-16 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          <StatusBadge />
          <h1
            id="hero-heading"
            className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            Remove watermarks from your videos
          </h1>
          <p className="mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">
            Upload a clip, drag a box over the logo or text, pick a method and download a clean
            video. No software to install: it all happens in your browser.
          </p>

          {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the button inside is the accessible way */}
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={drop}
            className={`mt-8 rounded-2xl border-2 border-dashed p-5 transition-colors sm:p-6 ${
              over ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white"
            }`}
          >
            <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
              <label
                htmlFor="video-file"
                className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
              >
                <span aria-hidden="true">⬆</span>
                Choose a video
                <input
                  ref={inputRef}
                  id="video-file"
                  type="file"
                  accept="video/*"
                  aria-describedby={
                    fileError ? "video-file-hint video-file-error" : "video-file-hint"
                  }
                  aria-invalid={fileError ? true : undefined}
                  className="sr-only"
                  onChange={(event) => {
                    onFile(event.target.files?.[0]);
                    // The same file may be chosen again later (to start over).
                    event.target.value = "";
                  }}
                />
              </label>
              <p id="video-file-hint" className="text-sm text-slate-600">
                or drop it here. MP4, MOV, WebM and other video files.
              </p>
            </div>
            {fileError && (
              <p
                id="video-file-error"
                role="alert"
                className="mt-3 text-sm font-medium text-red-700"
              >
                {fileError}
              </p>
            )}
          </div>
          <TrialLine />
        </div>
        <Steps />
      </div>
    </section>
  );
}

/** Guests: the free videos left; registered users: unlimited. */
function TrialLine() {
  const { guest, signedIn, info } = useTrialStatus();
  let text: string | null = null;
  if (signedIn) text = "Unlimited";
  else if (guest && info) text = trialLabel(info);
  if (!text) return <p className="mt-4 min-h-6" />;
  return (
    <p className="mt-4 min-h-6 text-sm text-slate-700" data-testid="trial-status">
      <span className="rounded-full bg-white px-3 py-1 font-semibold text-brand-700 ring-1 ring-brand-100">
        {signedIn ? (
          <>
            <span className="sr-only">Credits: </span>
            {text}
          </>
        ) : (
          text
        )}
      </span>
      {guest &&
        (info && (info.remaining <= 0 || info.blocked) ? (
          <Link
            to="/register"
            className="ml-2 font-medium text-brand-700 underline hover:text-brand-600"
          >
            Create a free account to keep going
          </Link>
        ) : (
          <span className="ml-2 text-slate-600">No account needed to try it.</span>
        ))}
    </p>
  );
}

function Steps() {
  const steps = [
    ["Upload", "Choose a video from your phone or computer."],
    ["Mark", "Drag a box over each watermark on the preview."],
    ["Download", "Pick a method, process, and save the clean video."],
  ] as const;
  return (
    <ol className="hidden space-y-3 lg:block" aria-label="How it works">
      {steps.map(([title, text], index) => (
        <li
          key={title}
          className="flex gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <span
            aria-hidden="true"
            className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-brand-600 font-bold text-white"
          >
            {index + 1}
          </span>
          <div>
            <p className="font-semibold text-slate-900">{title}</p>
            <p className="text-sm text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
