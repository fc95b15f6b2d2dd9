import type { Method } from "@wr/contracts";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useSession } from "../lib/session";
import { AreaList } from "./AreaList";
import { METHOD_OPTIONS } from "./areas";
import type { EditorMode } from "./geometry";
import { Preview } from "./Preview";
import { ProgressBar } from "./ProgressBar";
import { detectionNote } from "./suggestions";
import type { Editor } from "./use-editor";

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed";

/** Preview with the drawing canvas, method, areas, the Process button, progress and result. */
export function EditorSection({
  editor,
  onChooseAnother,
}: {
  editor: Editor;
  onChooseAnother(): void;
}) {
  const sectionRef = useRef<HTMLElement>(null);
  const { file, previewUrl } = editor;

  // A newly chosen video: bring the editor into view (the hero may fill a phone's screen).
  useEffect(() => {
    if (!previewUrl) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    sectionRef.current?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  }, [previewUrl]);

  if (!file || !previewUrl) return null;
  // While a job runs nothing can be drawn: the video's own controls work instead.
  const mode = editor.busy ? "select" : editor.mode;
  return (
    <section
      ref={sectionRef}
      aria-labelledby="editor-heading"
      className="scroll-mt-20 border-y border-slate-200 bg-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id="editor-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
              Mark the watermark
            </h2>
            <p className="mt-1 truncate text-sm text-slate-600" title={file.name}>
              {file.name}
            </p>
          </div>
          <button
            type="button"
            onClick={onChooseAnother}
            className={`${buttonBase} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          >
            Choose another video
          </button>
        </div>

        <UploadStatus editor={editor} />

        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-3">
            <ModeToggle mode={mode} disabled={editor.busy} onChange={editor.setMode} />
            <Preview
              src={previewUrl}
              mode={mode}
              areas={editor.areas}
              suggestions={editor.suggestions}
              picture={editor.video}
              acceptDisabled={editor.busy}
              onAccept={editor.acceptSuggestion}
              onDraw={editor.addArea}
              onReject={editor.rejectDrag}
              onVideoInfo={editor.onVideoInfo}
              onVideoError={editor.onVideoError}
            />
            <SuggestionBar editor={editor} />
            {editor.previewError ? (
              <p role="alert" className="text-sm text-red-700">
                {editor.previewError}
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                {editor.busy
                  ? "Processing: the areas are locked until it finishes. The video's controls work meanwhile."
                  : mode === "draw"
                    ? "Drag over each watermark with the mouse or a finger. Switch to Select to play or seek the video."
                    : "The video's controls work now. Switch to Draw areas to mark another watermark."}
              </p>
            )}
            <p
              role="status"
              aria-live="polite"
              className="min-h-5 text-sm font-medium text-brand-700"
            >
              {editor.notice}
            </p>
          </div>

          <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:self-start">
            <MethodPicker editor={editor} />
            <AreaList
              areas={editor.areas}
              method={editor.method}
              duration={editor.video?.duration ?? null}
              disabled={editor.busy}
              onRemove={editor.removeArea}
              onChange={editor.updateArea}
            />
            <ProcessControls editor={editor} />
          </div>
        </div>

        {editor.result && <ResultView editor={editor} />}
      </div>
    </section>
  );
}

function UploadStatus({ editor }: { editor: Editor }) {
  const { upload } = editor;
  if (upload.status === "uploading") {
    return (
      <div className="mt-4 max-w-xl">
        <ProgressBar
          label="Upload progress"
          value={upload.percent}
          text={`Uploading… ${upload.percent}%`}
        />
      </div>
    );
  }
  if (upload.status === "failed") {
    return (
      <p
        role="alert"
        className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
      >
        {upload.error}. Choose the video again to retry.
      </p>
    );
  }
  if (upload.status === "done") {
    return (
      <p className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-emerald-700">
        <span aria-hidden="true">✓</span> Upload complete
      </p>
    );
  }
  return null;
}

/** The automatic search: under way, what it found (with Accept all), or why there is nothing. */
function SuggestionBar({ editor }: { editor: Editor }) {
  const { detection, suggestions } = editor;
  const note = detectionNote(detection, suggestions.length);
  if (!note) return null;
  const found = suggestions.length > 0;
  return (
    <div
      className={`flex flex-wrap items-center gap-3 rounded-lg p-3 text-sm ring-1 ${
        found
          ? "bg-yellow-50 text-slate-800 ring-yellow-300"
          : "bg-slate-50 text-slate-700 ring-slate-200"
      }`}
    >
      {detection.status === "searching" && (
        <span
          aria-hidden="true"
          className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
        />
      )}
      <p role="status" aria-live="polite" className="min-w-0 flex-1">
        {note}
      </p>
      {found && (
        <button
          type="button"
          onClick={editor.acceptAllSuggestions}
          disabled={editor.busy}
          className={`${buttonBase} shrink-0 bg-yellow-300 py-1.5 text-slate-900 ring-1 ring-slate-900/20 hover:bg-yellow-200 disabled:opacity-60`}
        >
          Accept all
        </button>
      )}
    </div>
  );
}

function ModeToggle({
  mode,
  disabled,
  onChange,
}: {
  mode: EditorMode;
  disabled: boolean;
  onChange(mode: EditorMode): void;
}) {
  const modes = [
    { value: "draw", label: "Draw areas" },
    { value: "select", label: "Select" },
  ] as const;
  return (
    <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">Preview mode</legend>
      {modes.map(({ value, label }) => {
        const active = mode === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={active}
            disabled={disabled}
            onClick={() => onChange(value)}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
              active ? "bg-white text-brand-700 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}

function MethodPicker({ editor }: { editor: Editor }) {
  return (
    <div>
      <label htmlFor="method" className="block text-sm font-semibold text-slate-900">
        Method
      </label>
      <select
        id="method"
        value={editor.method}
        disabled={editor.busy}
        aria-describedby="method-hint"
        onChange={(event) => editor.setMethod(event.target.value as Method)}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:bg-slate-100"
      >
        {METHOD_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id="method-hint" className="mt-1 text-xs text-slate-600">
        {editor.method === "smartfill"
          ? "Smart fill rebuilds the picture under each area and processes the whole duration of the video."
          : "Set when each area should be treated: start and end in seconds."}
      </p>
    </div>
  );
}

function processText(editor: Editor): { label: string; value: number; text: string } | null {
  const { processing } = editor;
  switch (processing.status) {
    case "uploading":
      return {
        label: "Upload progress",
        value: processing.percent,
        text: `Uploading again… ${processing.percent}%`,
      };
    case "starting":
      return { label: "Processing progress", value: 0, text: "Starting…" };
    case "queued":
      return {
        label: "Processing progress",
        value: processing.progress,
        text: "Waiting in queue…",
      };
    case "processing":
      return {
        label: "Processing progress",
        value: processing.progress,
        text: `Processing… ${Math.round(processing.progress)}%`,
      };
    default:
      return null;
  }
}

function ProcessControls({ editor }: { editor: Editor }) {
  const progress = processText(editor);
  const hint =
    editor.upload.status === "uploading"
      ? "The button turns on when the upload has finished."
      : editor.upload.status === "failed"
        ? "The upload failed: choose the video again."
        : editor.areas.length === 0
          ? "Mark at least one area first."
          : null;
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <button
        type="button"
        onClick={() => void editor.process()}
        disabled={!editor.canProcess}
        aria-describedby={hint ? "process-hint" : undefined}
        className={`${buttonBase} w-full bg-brand-600 py-3 text-base text-white shadow-sm hover:bg-brand-700 disabled:bg-slate-300 disabled:text-slate-600`}
      >
        Remove watermark
      </button>
      {hint && !editor.busy && (
        <p id="process-hint" className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {progress && <ProgressBar {...progress} />}
      {editor.error && (
        <div
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
        >
          <p className="font-medium">{editor.error}</p>
          {editor.limit && <LimitNotice needsPayment={editor.limit.needsPayment} />}
        </div>
      )}
    </div>
  );
}

/** The call to action once the free trial (guests) or the credits (users) ran out. */
function LimitNotice({ needsPayment }: { needsPayment: boolean }) {
  const { user } = useSession();
  const link = "inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold";
  if (user || needsPayment) {
    return (
      <div className="mt-3" data-testid="limit-reached">
        <p className="text-slate-700">Limit reached: buy a credit package to keep going.</p>
        <Link to="/payment" className={`${link} mt-2 bg-brand-600 text-white hover:bg-brand-700`}>
          Buy credits
        </Link>
      </div>
    );
  }
  return (
    <div className="mt-3" data-testid="limit-reached">
      <p className="text-slate-700">Limit reached: your free videos are used up.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Link to="/register" className={`${link} bg-brand-600 text-white hover:bg-brand-700`}>
          Sign up to keep removing watermarks
        </Link>
        <Link
          to="/login"
          className={`${link} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          Log in
        </Link>
      </div>
    </div>
  );
}

function ResultView({ editor }: { editor: Editor }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const result = editor.result;
  // The result arrived: move focus (and the view) to it.
  useEffect(() => {
    if (result) headingRef.current?.focus();
  }, [result]);
  if (!result) return null;
  return (
    <section aria-labelledby="result-heading" className="mt-10 scroll-mt-20">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id="result-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold text-slate-900 sm:text-2xl"
          >
            Your clean video
          </h2>
          {result.processingTime !== null && (
            <p className="mt-1 text-sm text-slate-600">
              Processed in {result.processingTime.toFixed(1)} s. The file is kept for 5 minutes.
            </p>
          )}
        </div>
        <a
          href={`/api/download/${result.filename}`}
          target="_blank"
          rel="noopener"
          className={`${buttonBase} bg-emerald-600 text-white hover:bg-emerald-700`}
        >
          <span aria-hidden="true">↓</span> Download
        </a>
      </div>
      <div className="relative mt-4 aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        {/* biome-ignore lint/a11y/useMediaCaption: the processed upload has no captions */}
        <video
          key={result.url}
          src={result.url}
          controls
          playsInline
          preload="metadata"
          aria-label="Processed video"
          className="absolute inset-0 h-full w-full object-contain"
        />
      </div>
    </section>
  );
}
