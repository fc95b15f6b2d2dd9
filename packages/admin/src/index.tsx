import { type KeyboardEvent, useId, useRef, useState } from "react";
import type { AdminClient } from "./client";
import { StatsPanel } from "./StatsPanel";
import { TrialsPanel } from "./TrialsPanel";
import { UsersPanel } from "./UsersPanel";
import { VideosPanel } from "./VideosPanel";

export type { AdminClient } from "./client";

const TABS = [
  { id: "stats", label: "Statistics", Panel: StatsPanel },
  { id: "users", label: "Users", Panel: UsersPanel },
  { id: "videos", label: "Videos", Panel: VideosPanel },
  { id: "trials", label: "Anonymous Sessions", Panel: TrialsPanel },
] as const;

type TabId = (typeof TABS)[number]["id"];

/** The admin panel (SPEC.md §2 /admin): statistics, users, videos and anonymous sessions. */
export default function AdminPage({ client }: { client: AdminClient }) {
  const baseId = useId();
  const [active, setActive] = useState<TabId>("stats");
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  const select = (index: number) => {
    const tab = TABS[(index + TABS.length) % TABS.length];
    if (!tab) return;
    setActive(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Arrows move from the focused tab (the selected one, unless focus was moved by hand).
    const focused = TABS.findIndex((tab) => tabRefs.current.get(tab.id) === event.target);
    const current = focused >= 0 ? focused : TABS.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  const current = TABS.find((tab) => tab.id === active) ?? TABS[0];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Admin Panel</h1>
        <p className="mt-1 text-sm text-slate-600">
          Manage users, processed videos and anonymous trial sessions.
        </p>
      </header>
      <div
        role="tablist"
        aria-label="Admin sections"
        onKeyDown={onKeyDown}
        className="mb-6 flex flex-wrap gap-2"
      >
        {TABS.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              className={`rounded-lg px-4 py-2 text-sm font-medium ${
                selected
                  ? "border border-brand-600 bg-brand-600 text-white shadow-sm"
                  : "border border-slate-200 bg-white text-slate-700 hover:bg-slate-50 hover:text-slate-900"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${current.id}`}
        aria-labelledby={`${baseId}-tab-${current.id}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable per the ARIA tabs pattern
        tabIndex={0}
      >
        <current.Panel client={client} />
      </div>
    </div>
  );
}
