import { brand } from '@ipatient/contracts/brand';
import { Link } from 'react-router';
import { ArrivingNotice } from '../features/pages/arriving-notice.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Log In',
    description: `Log in to ${brand.siteName} to like and comment, start a campaign and follow your complaints.`,
  });
}

export default function Login() {
  return (
    <>
      <PageHero
        eyebrow="Log In"
        title="Welcome Back"
        lead={
          <p>Log in to like and comment on posts, start a campaign and follow your complaints.</p>
        }
      />
      <PageBody>
        <ArrivingNotice title="Accounts open soon">
          <p>
            We are finishing secure sign-in. Everything else on {brand.siteName} is open to read
            without an account in the meantime.
          </p>
          <p>
            New here?{' '}
            <Link to="/signup" className="font-semibold text-brand-800 underline">
              See what an account gives you
            </Link>
            .
          </p>
        </ArrivingNotice>
      </PageBody>
    </>
  );
}
