import { Link } from "react-router";
import { LegalPage } from "./shared";

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What we collect, why, and how long we keep it."
      summary={
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Uploaded videos are deleted right after processing.</li>
          <li>Processed videos are deleted 5 minutes after processing.</li>
          <li>
            Output quality is H.264 at CRF 18; we do not keep copies or use your videos for anything
            else.
          </li>
        </ul>
      }
      sections={[
        {
          heading: "Information we collect",
          body: (
            <ul>
              <li>
                <strong>Account details:</strong> your name, email address and a salted hash of your
                password (never the password itself), your plan and the number of videos you have
                processed.
              </li>
              <li>
                <strong>Videos:</strong> the files you upload and the areas you mark, only for as
                long as it takes to process them (see section 3).
              </li>
              <li>
                <strong>Free trial data:</strong> for visitors without an account, a browser
                fingerprint (a one-way hash of browser settings such as language, time zone and
                screen size), your IP address and how many videos you have processed, so the free
                trial can be limited fairly.
              </li>
              <li>
                <strong>Payments:</strong> the package you bought, its amount and the order and
                transaction references. Card and wallet details are handled by our payment provider
                and never reach our servers.
              </li>
            </ul>
          ),
        },
        {
          heading: "How we use it",
          body: (
            <p>
              We use this information to run the service: to sign you in, process your videos, apply
              the free-trial limit, credit your purchases, prevent abuse and answer your messages.
              We do not sell your data, show advertising or use your videos to train models.
            </p>
          ),
        },
        {
          heading: "How long we keep your videos",
          body: (
            <>
              <p>
                Uploaded videos are deleted right after processing. Processed videos are deleted 5
                minutes after processing, so please download your result straight away. An upload
                that is never processed is removed automatically as well.
              </p>
              <p>
                Every result is encoded as H.264 at CRF 18 with the original resolution, frame rate,
                duration and audio. A record of each job (file name, method, number of areas,
                processing time) is kept for your processed-video count and our statistics; the
                video itself is not.
              </p>
            </>
          ),
        },
        {
          heading: "Storage in your browser",
          body: (
            <p>
              When you log in, your browser stores a session token and a copy of your profile in
              local storage so you stay signed in. Logging out removes both. We use no advertising
              or tracking cookies.
            </p>
          ),
        },
        {
          heading: "Your choices",
          body: (
            <p>
              You can ask us to correct or delete your account and its history at any time. Write to
              us through the <Link to="/contact">contact page</Link> and choose the subject that
              fits best.
            </p>
          ),
        },
        {
          heading: "Changes to this policy",
          body: (
            <p>
              If we change how we handle your data, we will update this page before the change takes
              effect.
            </p>
          ),
        },
      ]}
    />
  );
}
