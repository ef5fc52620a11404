import { formatKobo } from '@ipatient/contracts/fees';
import { data, isRouteErrorResponse } from 'react-router';
import { ErrorView } from '../components/errors/error-view.tsx';
import { NotFoundView } from '../components/errors/not-found-view.tsx';
import { campaignPath } from '../features/campaigns/campaign-text.ts';
import type { DonationVerification } from '../features/donations/donation-types.ts';
import { verifyDonation } from '../features/donations/donations.server.ts';
import { ShareAfterGiving, thanksText } from '../features/donations/share-after-giving.tsx';
import { getPublicUrl } from '../lib/api-context.ts';
import type { ToastKind } from '../lib/flash.ts';
import { redirectWithFlash } from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/donation-return';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Donation',
    description: 'The outcome of your donation to a campaign.',
  });
}

/** What the campaign page says about the payment, as a toast. */
function donationOutcome(donation: DonationVerification): {
  kind: ToastKind;
  message: string;
} {
  const amount = formatKobo(Math.round(donation.amount * 100));
  if (donation.status === 'succeeded')
    return { kind: 'success', message: thanksText(donation.amount) };
  if (donation.status === 'pending') {
    return {
      kind: 'success',
      message: `Your payment of ${amount} is still being confirmed. It will show on the campaign as soon as the payment service confirms it; you will get a receipt by email.`,
    };
  }
  if (donation.flagged) {
    return {
      kind: 'error',
      message: `We could not confirm your payment of ${amount}, so it was not counted. If money left your account, contact us with the reference ${donation.reference}.`,
    };
  }
  return {
    kind: 'error',
    message: `Your payment of ${amount} did not go through, so no donation was made. You can try again.`,
  };
}

/**
 * Where the payment provider sends the donor back (/donations/return?reference=...): the API
 * settles the payment (GET /donations/verify/{reference}). A gift that went through gets its
 * thank-you here, with the WhatsApp share prompt; any other outcome lands on the campaign with a
 * message saying what happened.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Paystack adds `trxref` with the same value.
  const reference = url.searchParams.get('reference') ?? url.searchParams.get('trxref') ?? '';
  if (!reference) throw data(null, { status: 404 });
  const lookup = await verifyDonation(context, reference);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') {
    throw data(
      'We could not check your payment just now. If it went through, it will show on the campaign shortly.',
      { status: 502 },
    );
  }
  const donation = lookup.value;
  // A gift to the Green-Heart fund goes back to the fund's page.
  const back = donation.campaignId ? campaignPath(donation.campaignId) : '/green-heart-fund';
  if (donation.status === 'succeeded') {
    return { donation, back, url: `${getPublicUrl(context)}${back}` };
  }
  const to = `${back}?${new URLSearchParams({ donation: donation.status })}`;
  throw redirectWithFlash(request, to, donationOutcome(donation));
}

export default function DonationReturn({ loaderData }: Route.ComponentProps) {
  const { donation, back, url } = loaderData;
  return <ShareAfterGiving donation={donation} url={url} backHref={back} />;
}

/** An unknown reference is not found; a failing API says what to expect. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title="Payment not checked yet"
      message={
        isRouteErrorResponse(error) && typeof error.data === 'string'
          ? error.data
          : 'We could not check your payment just now. Please try again in a moment.'
      }
    />
  );
}
