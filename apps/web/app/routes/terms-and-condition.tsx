import { brand } from '@ipatient/contracts/brand';
import { TermsPage } from '../features/pages/terms-page.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadSiteDocuments } from '../lib/site-docs.server.ts';
import type { Route } from './+types/terms-and-condition';

export const handle = staticPage;

/** Served at /terms-and-condition and /terms; search engines see one address. */
export const links = () => [{ rel: 'canonical', href: '/terms-and-condition' }];

export function meta() {
  return pageMeta({
    title: 'Terms and Conditions',
    description: `The terms and conditions for using ${brand.siteName}.`,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const documents = await loadSiteDocuments(context);
  return { terms: documents?.termsAndCondition ?? null };
}

export default function TermsAndCondition({ loaderData }: Route.ComponentProps) {
  return <TermsPage terms={loaderData.terms} />;
}
