import { data, isRouteErrorResponse } from 'react-router';
import { ErrorView } from '../components/errors/error-view.tsx';
import { NotFoundView } from '../components/errors/not-found-view.tsx';
import { campaignPath } from '../features/campaigns/campaign-text.ts';
import { fetchDonationReceipt } from '../features/donations/donations.server.ts';
import { GiftDetails } from '../features/donations/gift-details.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/donation-receipt';

// A page to read: no React in the browser.
export const handle = staticPage;

export function meta() {
  return [
    ...pageMeta({
      title: 'Your gift',
      description: 'A gift and its receipt, seen through the link in the receipt email.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * /donations/receipt?ref=...&sig=...: the link in a gift's receipt email shows that one gift
 * without signing in. Any other signature (or none) is not found.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const ref = search.get('ref') ?? '';
  const sig = search.get('sig') ?? '';
  if (!ref || !sig) throw data(null, { status: 404 });
  const lookup = await fetchDonationReceipt(context, { ref, sig });
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data('Your gift could not be loaded.', { status: 502 });
  return { gift: lookup.value };
}

export default function DonationReceiptPage({ loaderData }: Route.ComponentProps) {
  const { gift } = loaderData;
  const back = gift.campaignId ? campaignPath(gift.campaignId) : '/green-heart-fund';
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 id="page-title" className="text-3xl font-extrabold text-slate-900">
        Your gift
      </h1>
      <p className="text-slate-700">
        This page is your receipt. Keep the link from your email to see it again; anyone with the
        link can see this gift, so share it only with people you trust.
      </p>
      <GiftDetails gift={gift} />
      <a href={back} className="font-semibold text-brand-800 underline underline-offset-4">
        {gift.campaignId ? 'See the campaign' : 'See the Green-Heart fund'}
      </a>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title="Your gift"
      message="Your gift could not be loaded just now. Please try again in a moment."
    />
  );
}
