const FEATURES = [
  {
    icon: (
      <>
        <path d="M4 7V5a1 1 0 0 1 1-1h2M17 4h2a1 1 0 0 1 1 1v2M20 17v2a1 1 0 0 1-1 1h-2M7 20H5a1 1 0 0 1-1-1v-2" />
        <rect x="8" y="8" width="8" height="8" rx="1" />
      </>
    ),
    title: "Mark any area",
    text: "Draw as many boxes as you need, with the mouse or a finger, exactly where the logo sits.",
  },
  {
    icon: (
      <>
        <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
        <path d="M19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />
      </>
    ),
    title: "Five removal methods",
    text: "Smart fill, delogo, blur, pixelate or a black box: pick what suits the footage.",
  },
  {
    icon: (
      <>
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2.5 2.5M10 2h4" />
      </>
    ),
    title: "Only when it shows",
    text: "For every method but smart fill, set when each watermark appears and disappears.",
  },
  {
    icon: (
      <>
        <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z" />
      </>
    ),
    title: "Quality kept",
    text: "Videos are encoded at CRF 18 and keep their sound, so the result looks like the source.",
  },
  {
    icon: (
      <>
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </>
    ),
    title: "Private by design",
    text: "Uploads are deleted right after processing and results five minutes after they are ready.",
  },
  {
    icon: (
      <>
        <rect x="7" y="2" width="10" height="20" rx="2" />
        <path d="M11 18h2" />
      </>
    ),
    title: "Works everywhere",
    text: "Phone, tablet or desktop: nothing to install, and a free trial without an account.",
  },
] as const;

export function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id="features-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Everything you need to clean a video
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          Simple enough for a quick fix, precise enough for the hard cases.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            >
              <span className="grid h-10 w-10 place-items-center rounded-lg bg-brand-100 text-brand-700">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={1.8}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="h-5 w-5"
                >
                  {feature.icon}
                </svg>
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
