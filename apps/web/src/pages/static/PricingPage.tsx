import { Badge } from "../../components/ui/Badge";
import { ButtonLink } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { PageContainer, PageHeader } from "../../components/ui/PageHeader";
import { useSession } from "../../lib/session";

type Plan = {
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  action: string;
  to: string;
  featured?: boolean;
};

const FAQ = [
  {
    question: "Can I try it before paying?",
    answer:
      "Yes. Guests can process a limited number of videos without an account, with every removal method and the same output quality as paid plans.",
  },
  {
    question: "Will removing the watermark lower my video's quality?",
    answer:
      "Only the areas you mark are edited. The video is re-encoded as H.264 at CRF 18, which is visually lossless for almost all footage, with its original resolution, frame rate, duration and audio.",
  },
  {
    question: "How long do you keep my videos?",
    answer:
      "Uploads are deleted right after processing, and processed videos are deleted 5 minutes after processing, so download your result straight away.",
  },
  {
    question: "How can I pay?",
    answer:
      "Credit packages are priced in PKR and can be paid with mobile wallets, bank transfer or card.",
  },
  {
    question: "What if I am not satisfied?",
    answer:
      "Every paid plan comes with a 30-day money-back guarantee. Contact us within 30 days of your purchase and we will refund you in full.",
  },
] as const;

export function PricingPage() {
  const { user } = useSession();
  const plans: Plan[] = [
    {
      name: "Free",
      price: "$0",
      period: "forever",
      description: "Try the editor on a few videos, no account needed.",
      features: ["Limited free trial", "All five removal methods", "CRF 18 output quality"],
      action: "Start for free",
      to: "/",
    },
    {
      name: "Pro",
      price: "$19",
      period: "per month",
      description: "For creators who clean up videos every week.",
      features: [
        "Unlimited credits",
        "All five removal methods",
        "Time ranges for every area",
        "CRF 18 output quality",
        "Email support",
      ],
      action: "Get Pro",
      to: user ? "/payment" : "/register",
      featured: true,
    },
    {
      name: "Enterprise",
      price: "Custom",
      period: "tailored to you",
      description: "For studios and teams with large libraries.",
      features: [
        "Everything in Pro",
        "Volume processing",
        "Dedicated encoder capacity",
        "Invoicing and priority support",
      ],
      action: "Contact sales",
      to: "/contact",
    },
  ];

  return (
    <PageContainer>
      <PageHeader
        align="center"
        eyebrow="Pricing"
        title="Simple pricing, full quality on every plan"
        description="Start free. Upgrade when you need more."
      />

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <ul className="mx-auto grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3">
          {plans.map((plan) => (
            <Card
              as="li"
              key={plan.name}
              padding="lg"
              className={`flex flex-col ${plan.featured ? "shadow-lg ring-2 ring-brand-600" : ""}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
                {plan.featured && <Badge tone="brand">Most popular</Badge>}
              </div>
              <p className="mt-4 flex items-baseline gap-2">
                <span className="text-4xl font-bold tracking-tight text-slate-900">
                  {plan.price}
                </span>
                <span className="text-sm text-slate-500">{plan.period}</span>
              </p>
              <p className="mt-3 text-sm text-slate-600">{plan.description}</p>
              <ul className="mt-6 mb-8 space-y-3 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="font-bold text-brand-600">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to={plan.to}
                variant={plan.featured ? "primary" : "secondary"}
                fullWidth
                className="mt-auto"
                aria-label={`${plan.action}: ${plan.name} plan`}
              >
                {plan.action}
              </ButtonLink>
            </Card>
          ))}
        </ul>
        <p className="mt-8 flex items-center justify-center gap-2 text-center text-slate-700">
          <span aria-hidden="true" className="text-green-600">
            ✓
          </span>
          <span>
            <strong className="font-semibold">30-day money-back guarantee</strong> on every paid
            plan. No questions asked.
          </span>
        </p>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-heading" className="text-center text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {FAQ.map((item) => (
            <details key={item.question} className="group px-5 py-4 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                <h3>{item.question}</h3>
                <span
                  aria-hidden="true"
                  className="shrink-0 text-xl leading-none text-slate-400 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="mt-3 leading-relaxed text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </PageContainer>
  );
}
