import { limits } from '@ipatient/contracts/constants';
import { LinkButton } from '../../components/ui/link-button.tsx';

/** The call to action: start a campaign, with a person to talk to first. */
export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 md:px-6 md:py-20">
        <div className="on-dark rounded-3xl bg-brand-800 px-6 py-10 text-center md:px-12 md:py-14">
          <h2 id="cta-title" className="text-2xl font-extrabold text-white md:text-4xl">
            Facing a medical bill you cannot meet? Launch your campaign today
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
            Tell us about the need. Every campaign is reviewed within {limits.campaignReviewHours}{' '}
            hours, and our team can help you prepare yours.
          </p>
          <div className="mt-8 flex justify-center">
            <LinkButton to="/contact" variant="light">
              Contact Us
            </LinkButton>
          </div>
        </div>
      </div>
    </section>
  );
}
