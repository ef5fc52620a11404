import { brand } from '@ipatient/contracts/brand';
import { formatDate } from '@ipatient/contracts/format';
import { useContactEmail } from '../../lib/contact-email.ts';
import { ArrivingNotice } from './arriving-notice.tsx';
import { PageBody } from './page-body.tsx';
import { PageHero } from './page-hero.tsx';

export interface TermsPageProps {
  /** The published terms (HTML from the website documents), or null before any are published. */
  terms: { content: string; dateUpdated: string } | null;
}

/** Terms and Conditions, as published in the website documents. */
export function TermsPage({ terms }: TermsPageProps) {
  const contactEmail = useContactEmail();
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Terms and Conditions"
        lead={
          terms ? (
            <p>
              Last updated <time dateTime={terms.dateUpdated}>{formatDate(terms.dateUpdated)}</time>
            </p>
          ) : (
            <p>The rules for using {brand.siteName}, its campaigns and its community.</p>
          )
        }
      />
      <PageBody>
        {terms ? (
          <div
            className="prose-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: website documents are written by admins and sanitized with an allow-list when stored
            dangerouslySetInnerHTML={{ __html: terms.content }}
          />
        ) : (
          <ArrivingNotice title="Our terms are being finalised">
            <p>
              The full terms will be published on this page, with the date they were last updated.
              If you have a question about them now, email{' '}
              <a className="font-semibold text-brand-800 underline" href={`mailto:${contactEmail}`}>
                {contactEmail}
              </a>
              .
            </p>
          </ArrivingNotice>
        )}
      </PageBody>
    </>
  );
}
