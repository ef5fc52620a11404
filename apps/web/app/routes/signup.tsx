import { brand, brandText } from '@ipatient/contracts/brand';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ArrivingNotice } from '../features/pages/arriving-notice.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Sign Up',
    description: `Create your free ${brand.siteName} account.`,
  });
}

const benefits = [
  'Like and comment on blog posts',
  'Start a medical fundraising campaign and collect Green-Heart likes',
  'Send complaints about your care and follow their progress',
  brandText('Volunteer as a {product} Advocate'),
] as const;

export default function Signup() {
  return (
    <>
      <PageHero
        eyebrow="Sign Up"
        title="Create your account"
        lead={<p>Joining {brand.siteName} is free. With an account you can:</p>}
      >
        <ul className="grid w-full gap-2 sm:grid-cols-2">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2 text-slate-800">
              <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              {benefit}
            </li>
          ))}
        </ul>
      </PageHero>
      <PageBody>
        <ArrivingNotice title="Registration opens soon">
          <p>
            We are finishing secure registration with email verification. Please check back shortly.
          </p>
          <p>
            Already have an account?{' '}
            <Link to="/login" className="font-semibold text-brand-800 underline">
              Log in
            </Link>
            .
          </p>
        </ArrivingNotice>
      </PageBody>
    </>
  );
}
