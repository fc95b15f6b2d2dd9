import { Link } from "react-router";
import { LegalPage } from "./shared";

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The rules for using Watermark Remover. Please read them before you upload."
      summary={
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Only process videos you own or have the right to edit.</li>
          <li>Output quality is H.264 at CRF 18.</li>
          <li>
            Uploads are deleted right after processing; processed videos are deleted 5 minutes after
            processing.
          </li>
        </ul>
      }
      sections={[
        {
          heading: "Acceptance",
          body: (
            <p>
              By using Watermark Remover you agree to these terms and to our{" "}
              <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the
              service.
            </p>
          ),
        },
        {
          heading: "Your content and your rights",
          body: (
            <>
              <p>
                You may only upload videos that you own or that you are allowed to modify.
                Watermarks often identify the author or licence holder of a work; removing them from
                someone else's content may infringe copyright or other rights.
              </p>
              <p>
                You remain the owner of your videos. You give us permission to process them solely
                to provide the service to you.
              </p>
            </>
          ),
        },
        {
          heading: "The service",
          body: (
            <>
              <p>
                You mark areas on a preview and choose a removal method: smart fill, delogo, blur,
                pixelate or black box. The result is encoded as H.264 at CRF 18 with the original
                resolution, frame rate, duration and audio. How well a watermark disappears depends
                on the footage and the method; we cannot guarantee a perfect result for every video.
              </p>
              <p>
                Uploads are deleted right after processing and processed videos are deleted 5
                minutes after processing. Download your result promptly: once deleted, it cannot be
                recovered.
              </p>
            </>
          ),
        },
        {
          heading: "Accounts and the free trial",
          body: (
            <p>
              Keep your password to yourself; you are responsible for what happens under your
              account. Visitors without an account get a limited free trial per browser. Trying to
              get around that limit, or any other abuse of the service, may lead to your access
              being blocked or your account being deactivated.
            </p>
          ),
        },
        {
          heading: "Payments and refunds",
          body: (
            <p>
              Credit packages are priced in Pakistani rupees (PKR) and paid through our payment
              provider with a mobile wallet, bank transfer or card. Paid plans come with a 30-day
              money-back guarantee: contact us within 30 days of your purchase for a full refund.
            </p>
          ),
        },
        {
          heading: "Availability and liability",
          body: (
            <p>
              We work to keep the service available, but it is provided "as is", without warranty.
              To the extent the law allows, we are not liable for indirect losses or for content you
              process with it.
            </p>
          ),
        },
        {
          heading: "Changes and contact",
          body: (
            <p>
              We may update these terms; the version on this page applies. Questions? Reach us
              through the <Link to="/contact">contact page</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}
