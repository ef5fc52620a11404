import { brand } from '@ipatient/contracts/brand';
import { safeReturnPath } from '../features/cookie-consent/consent.server.ts';
import { readConsent } from '../features/cookie-consent/consent.ts';
import { CookiePolicy } from '../features/cookie-consent/cookie-policy.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/cookie-policy';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Cookie Policy',
    description: `Which cookies ${brand.siteName} uses, why, and how to change your choice.`,
  });
}

/**
 * The current choice fills the settings form. `returnTo` is where a visitor sent here by the
 * banner's Settings button (without JavaScript) goes back to after saving.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get('returnTo');
  return {
    consent: readConsent(request.headers.get('Cookie')),
    returnTo: requested ? safeReturnPath(requested) : '/cookie-policy?saved=1#cookie-settings',
    saved: url.searchParams.get('saved') === '1',
  };
}

export default function CookiePolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Privacy"
        title="Cookie Policy"
        lead={<p>Which cookies {brand.siteName} uses, why, and how you choose.</p>}
      />
      <PageBody>
        <CookiePolicy {...loaderData} />
      </PageBody>
    </>
  );
}
