import { brand, brandText } from '@ipatient/contracts/brand';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Section } from '../components/ui/section.tsx';
import { ComplaintGuide } from '../features/complaints/complaint-guide.tsx';
import { ArrivingNotice } from '../features/pages/arriving-notice.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Advocacy',
    description: brandText(
      'How to raise a complaint about your care in Nigeria, step by step, with support from {product} advocates.',
    ),
  });
}

export default function Advocacy() {
  return (
    <>
      <PageHero
        eyebrow="Advocacy"
        title={brandText('{product} Advocacy')}
        lead={
          <p>
            If you or someone you care for was let down by a hospital or clinic, you deserve to be
            heard. We help you raise it the right way and follow it through.
          </p>
        }
      >
        <LinkButton to="/signup" variant="secondary">
          Volunteer as an advocate
        </LinkButton>
      </PageHero>
      <Section labelledBy="complaint-guide-title" tone="white">
        <ComplaintGuide variant="advocacy" />
      </Section>
      <PageBody>
        <ArrivingNotice title="The online complaint form is on its way">
          <p>
            Soon you will be able to send your complaint (hospital name and address, category and
            what happened) right here. Until then, email it to{' '}
            <a
              className="font-semibold text-brand-800 underline"
              href={`mailto:${brand.contactEmail}`}
            >
              {brand.contactEmail}
            </a>{' '}
            with the details listed in step 3, and we will take it from there.
          </p>
        </ArrivingNotice>
      </PageBody>
    </>
  );
}
