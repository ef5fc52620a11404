import { brand } from '@ipatient/contracts/brand';
import { ArrivingNotice } from './arriving-notice.tsx';
import { PageBody } from './page-body.tsx';
import { PageHero } from './page-hero.tsx';

/** Terms and Conditions. The text itself is published from the server (website docs). */
export function TermsPage() {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Terms and Conditions"
        lead={<p>The rules for using {brand.siteName}, its campaigns and its community.</p>}
      />
      <PageBody>
        <ArrivingNotice title="Our terms are being finalised">
          <p>
            The full terms will be published on this page, with the date they were last updated. If
            you have a question about them now, email{' '}
            <a
              className="font-semibold text-brand-800 underline"
              href={`mailto:${brand.contactEmail}`}
            >
              {brand.contactEmail}
            </a>
            .
          </p>
        </ArrivingNotice>
      </PageBody>
    </>
  );
}
