import { brand } from '@ipatient/contracts/brand';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { PrivacyNotice } from '../features/privacy/privacy-notice.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Privacy Notice',
    description: `What personal data ${brand.siteName} collects, why, how long we keep it, and your rights.`,
  });
}

export default function PrivacyPage() {
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        title="Privacy Notice"
        lead={<p>How {brand.siteName} looks after your personal data, in plain words.</p>}
      />
      <PageBody>
        <PrivacyNotice />
      </PageBody>
    </>
  );
}
