import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { SelectField, TextAreaField, TextField } from "../../components/ui/Field";
import { PageContainer, PageHeader } from "../../components/ui/PageHeader";

/** SPEC.md §9: the confirmation hides after 3 s. */
const SENT_VISIBLE_MS = 3_000;

const SUBJECTS = [
  { value: "support", label: "Technical support" },
  { value: "billing", label: "Billing" },
  { value: "feature", label: "Feature request" },
  { value: "business", label: "Business inquiry" },
  { value: "other", label: "Other" },
] as const;

const EMPTY = { name: "", email: "", subject: "", message: "" };

/**
 * SPEC.md §2: the message is not sent anywhere; submitting shows "Message Sent!" for three
 * seconds and empties the form.
 */
export function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setForm(EMPTY);
    setSent(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSent(false), SENT_VISIBLE_MS);
  }

  return (
    <PageContainer>
      <PageHeader
        eyebrow="Contact"
        title="Get in touch"
        description="Questions about the editor, your account or a business idea? Send us a message."
      />
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card padding="lg">
          <h2 className="sr-only">Contact form</h2>
          <div aria-live="polite">
            {sent && (
              <Alert tone="success" title="Message Sent!" live={false} className="mb-5">
                Thank you for reaching out.
              </Alert>
            )}
          </div>
          <form onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              required
              value={form.name}
              onChange={set("name")}
            />
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={set("email")}
            />
            <SelectField
              label="Subject"
              name="subject"
              required
              placeholder="Choose a subject"
              options={SUBJECTS}
              value={form.subject}
              onChange={set("subject")}
              fieldClassName="sm:col-span-2"
            />
            <TextAreaField
              label="Message"
              name="message"
              required
              rows={6}
              value={form.message}
              onChange={set("message")}
              fieldClassName="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <Button type="submit" size="lg" className="w-full sm:w-auto">
                Send Message
              </Button>
            </div>
          </form>
        </Card>

        <aside aria-labelledby="help-heading" className="space-y-4">
          <h2 id="help-heading" className="text-lg font-bold text-slate-900">
            Before you write
          </h2>
          <Card>
            <h3 className="font-semibold text-slate-900">Pricing and refunds</h3>
            <p className="mt-1 text-sm text-slate-600">
              Plans, payment methods and our 30-day money-back guarantee are on the{" "}
              <Link
                to="/pricing"
                className="font-semibold text-brand-600 underline underline-offset-2 hover:text-brand-700"
              >
                pricing page
              </Link>
              .
            </p>
          </Card>
          <Card>
            <h3 className="font-semibold text-slate-900">Choosing a method</h3>
            <p className="mt-1 text-sm text-slate-600">
              Not sure whether to use smart fill or blur? See{" "}
              <Link
                to="/features"
                className="font-semibold text-brand-600 underline underline-offset-2 hover:text-brand-700"
              >
                what each method does
              </Link>
              .
            </p>
          </Card>
          <Card>
            <h3 className="font-semibold text-slate-900">Your files</h3>
            <p className="mt-1 text-sm text-slate-600">
              Uploads are deleted right after processing and results 5 minutes later, so we cannot
              recover a video once it is gone.
            </p>
          </Card>
        </aside>
      </div>
    </PageContainer>
  );
}
