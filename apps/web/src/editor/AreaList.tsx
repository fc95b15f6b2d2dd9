import type { Method } from "@wr/contracts";
import { methodUsesTimeRange } from "@wr/contracts";
import { useEffect, useRef } from "react";
import { type Area, describeArea, maxTime } from "./areas";

type Props = {
  areas: Area[];
  method: Method;
  duration: number | null;
  disabled: boolean;
  onRemove(id: number): void;
  onChange(id: number, change: Partial<Pick<Area, "start" | "end">>): void;
};

const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm " +
  "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 " +
  "disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500";

/** The marked areas, each removable; per-area times for the methods that use them. */
export function AreaList({ areas, method, duration, disabled, onRemove, onChange }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** After a removal, focus goes to the Remove button now in its place (or the heading). */
  const focusAfterRemoval = useRef<number | null>(null);
  const timed = methodUsesTimeRange(method);
  const max = maxTime(duration);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the list changed
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button[data-remove]");
    const target = buttons?.[Math.min(index, buttons.length - 1)];
    (target ?? headingRef.current)?.focus();
  }, [areas]);

  return (
    <div>
      <h3
        ref={headingRef}
        tabIndex={-1}
        id="areas-heading"
        className="text-sm font-semibold text-slate-900"
      >
        Selected areas{" "}
        {areas.length > 0 && <span className="text-slate-500">({areas.length})</span>}
      </h3>
      {areas.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">
          No areas yet. In drawing mode, drag a box over the watermark on the preview.
        </p>
      ) : (
        <ul ref={listRef} aria-labelledby="areas-heading" className="mt-2 space-y-2">
          {areas.map((area, index) => {
            const startId = `area-${area.id}-start`;
            const endId = `area-${area.id}-end`;
            const start = Number(area.start);
            const end = area.end.trim() === "" ? null : Number(area.end);
            const badRange = end !== null && Number.isFinite(start) && end <= start;
            return (
              <li
                key={area.id}
                className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-2 font-medium text-slate-800">
                    <span
                      aria-hidden="true"
                      className="grid h-5 min-w-5 place-items-center rounded bg-brand-500 px-1 text-xs font-semibold text-white"
                    >
                      {index + 1}
                    </span>
                    <span className="tabular-nums">{describeArea(area, index)}</span>
                  </span>
                  <button
                    type="button"
                    data-remove
                    disabled={disabled}
                    onClick={() => {
                      focusAfterRemoval.current = index;
                      onRemove(area.id);
                    }}
                    className="shrink-0 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    Remove<span className="sr-only"> area {index + 1}</span>
                  </button>
                </div>
                {timed && (
                  <fieldset className="mt-2 grid grid-cols-2 gap-2">
                    <legend className="sr-only">Area {index + 1} time range</legend>
                    <div>
                      <label htmlFor={startId} className="block text-xs font-medium text-slate-600">
                        Start (s)
                      </label>
                      <input
                        id={startId}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={max}
                        step={0.1}
                        value={area.start}
                        disabled={disabled}
                        onChange={(event) => onChange(area.id, { start: event.target.value })}
                        className={inputClass}
                      />
                    </div>
                    <div>
                      <label htmlFor={endId} className="block text-xs font-medium text-slate-600">
                        End (s)
                      </label>
                      <input
                        id={endId}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={max}
                        step={0.1}
                        value={area.end}
                        placeholder="End of video"
                        disabled={disabled}
                        aria-invalid={badRange || undefined}
                        aria-describedby={badRange ? `${endId}-error` : undefined}
                        onChange={(event) => onChange(area.id, { end: event.target.value })}
                        className={inputClass}
                      />
                    </div>
                    {badRange && (
                      <p id={`${endId}-error`} className="col-span-2 text-xs text-red-700">
                        End must be after start.
                      </p>
                    )}
                  </fieldset>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {timed && areas.length > 0 && (
        <p className="mt-2 text-xs text-slate-500">
          Times are in seconds{duration ? ` (the video is ${duration.toFixed(1)} s long)` : ""}.
          Leave End empty to cover the rest of the video.
        </p>
      )}
    </div>
  );
}
