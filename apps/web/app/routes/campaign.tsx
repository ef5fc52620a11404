import { brand } from '@ipatient/contracts/brand';
import { excerpts } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { truncate } from '@ipatient/contracts/format';
import { data, type MetaDescriptor, redirect } from 'react-router';
import { ShareWidget } from '../components/share/share-widget.tsx';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { pageNumber } from '../components/ui/pagination.tsx';
import { imageUrl } from '../components/ui/responsive-image.tsx';
import { ReportCampaignLink } from '../features/campaign-reports/report-link.tsx';
import { fetchCampaignUpdates } from '../features/campaign-updates/campaign-updates.server.ts';
import { CampaignUpdates } from '../features/campaign-updates/campaign-updates.tsx';
import { CampaignDetails } from '../features/campaigns/campaign-details.tsx';
import { largestImage } from '../features/campaigns/campaign-image.tsx';
import { fetchLedger } from '../features/campaigns/campaign-ledger.server.ts';
import { CampaignLedger } from '../features/campaigns/campaign-ledger.tsx';
import {
  CampaignLoadError,
  campaignErrorMeta,
} from '../features/campaigns/campaign-load-error.tsx';
import { campaignHeading, campaignPath } from '../features/campaigns/campaign-text.ts';
import { fetchCampaign } from '../features/campaigns/campaigns.server.ts';
import { LikeForm } from '../features/campaigns/like-form.tsx';
import { donateIntent } from '../features/donations/donate-form.tsx';
import { DonatePanel, RefusedDonation } from '../features/donations/donate-panel.tsx';
import { donationsPerPage } from '../features/donations/donation-types.ts';
import {
  donateFields,
  fetchDonations,
  readDonateForm,
} from '../features/donations/donations.server.ts';
import { DonationsList } from '../features/donations/donations-list.tsx';
import { getApi, getPublicUrl } from '../lib/api-context.ts';
import { keepDraftAndLogin, takeDraft } from '../lib/form-drafts.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
  withCookies,
} from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import { donorOf } from '../lib/member-pages.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/campaign';

// Server-rendered HTML: the Green-Heart is a form post and Share is a tiny inline script
// (features/campaigns/share-enhance.ts), so the page needs no React in the browser (ADR 005).
export const handle = staticPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const donationsPage = pageNumber(search.get('donationsPage'));
  // The ledger is read beside the campaign; one that fails to load leaves the rest of the page.
  const [lookup, user, donations, ledger, updates] = await Promise.all([
    fetchCampaign(context, params.id),
    getSession(context).user(),
    fetchDonations(context, params.id, donationsPage, donationsPerPage),
    fetchLedger(context, params.id),
    fetchCampaignUpdates(context, params.id),
  ]);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data(errorTexts.fetchCampaign, { status: 502 });
  const { campaign } = lookup;
  const origin = getPublicUrl(context);
  // A donation sent as the session ended comes back filled in once they have logged in again.
  const kept = user ? await takeDraft(context, request) : null;
  return {
    campaign,
    signedIn: user !== null,
    /** A signed-in donor's name and email fill the donate form. */
    donor: user ? donorOf(user) : null,
    /** Whether the member's Green-Heart counts for the weekly funding (a verified phone). */
    phoneVerified: user ? user.phoneVerified : null,
    donations,
    /** The organiser's updates, words of support and supporters; null when not loaded. */
    updates,
    /** Where the money came from and went; null when it could not be loaded. */
    ledger,
    /** No script: 'Donate' loads `?donate=1`, which shows the form on the page. */
    donateInline: search.get('donate') === '1' || kept !== null,
    kept,
    url: `${origin}${campaignPath(campaign._id)}`,
    origin,
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return campaignErrorMeta(error);
  const { campaign, url, origin } = loaderData;
  const title = campaignHeading(campaign);
  const description = truncate(campaign.description.replace(/\s+/g, ' '), excerpts.campaignCard);
  const image = largestImage(campaign);
  const tags: MetaDescriptor[] = [
    ...pageMeta({ title, description }),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: `${title} | ${brand.siteName}` },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    const imageAddress = `${origin}${imageUrl(image.path)}`;
    tags.push(
      { property: 'og:image', content: imageAddress },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:alt', content: campaign.title },
      { name: 'twitter:image', content: imageAddress },
      { name: 'twitter:image:alt', content: campaign.title },
    );
  }
  return tags;
}

/**
 * 'Continue to payment' (POST /donations/initialize): the browser goes on to the payment page
 * (Paystack's checkout, or our sandbox page); a refusal shows the form again with its errors.
 * Visitors give without an account; a member whose session ended is asked to log in again, and
 * what they typed is kept meanwhile.
 */
async function donate(
  { request, context }: Pick<Route.ActionArgs, 'request' | 'context'>,
  form: FormData,
  campaignId: string,
) {
  const values = echoValues(form, donateFields);
  const input = readDonateForm(form, campaignId);
  if (!input.ok) {
    return formFailure('Please check the donation form.', {
      intent: donateIntent,
      errors: input.errors,
      values,
    });
  }
  const response = await getApi(context, form).donations.initialize({ body: input.body });
  if (response.status === 401) {
    return keepDraftAndLogin(context, request, form, {
      fields: donateFields,
      back: `${campaignPath(campaignId)}?donate=1#donate`,
      intent: donateIntent,
    });
  }
  if (!response.ok) {
    return actionFailure(response, 'Your donation could not be started. Please try again.', {
      intent: donateIntent,
      values,
      rename: { amount: input.amountField },
    });
  }
  return redirect(response.body.result.authorizationUrl, {
    status: 303,
    headers: withCookies(response.setCookies),
  });
}

/** The Green-Heart (PUT /like-crowdfunding/{id}); back to the page with a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const path = campaignPath(params.id);
  const form = await readFormData(request);
  if (formText(form, 'intent') === donateIntent) {
    return donate({ request, context }, form, params.id);
  }
  if (formText(form, 'intent') !== 'like') throw data(null, { status: 400 });
  const response = await getApi(context, form).campaigns.like({ params: { id: params.id } });
  if (response.status === 401) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: path })}`);
  }
  if (!response.ok) {
    return actionFailure(response, errorTexts.likeCampaign, { intent: 'like' });
  }
  return redirectWithFlash(
    request,
    path,
    { kind: 'success', message: apiMessage(response.body, 'Thank you for your Green-Heart!') },
    response.setCookies,
  );
}

export default function Campaign({ loaderData, actionData }: Route.ComponentProps) {
  const {
    campaign,
    signedIn,
    phoneVerified,
    donor,
    url,
    donations,
    ledger,
    updates,
    donateInline,
    kept,
  } = loaderData;
  const path = campaignPath(campaign._id);
  const donateResult = resultFor(actionData, donateIntent);
  const likeResult = resultFor(actionData, 'like');
  return (
    <>
      {donateResult?.ok === false ? <RefusedDonation path={path} result={donateResult} /> : null}
      <CampaignDetails
        campaign={campaign}
        alert={likeResult?.ok === false ? <FormAlert message={likeResult.message} /> : null}
        donate={
          campaign.status === 'active' ? (
            <DonatePanel
              path={path}
              inline={donateInline}
              result={donateResult}
              kept={kept}
              donor={donor}
            />
          ) : null
        }
        donations={
          <DonationsList
            page={donations}
            headingId="donations-title"
            hrefFor={(page) =>
              page > 1 ? `${path}?donationsPage=${page}#donations-title` : `${path}#donations-title`
            }
          />
        }
        updates={
          <CampaignUpdates
            updates={updates}
            postHref={
              campaign.isOwner && campaign.status === 'active' ? `${path}/updates` : undefined
            }
          />
        }
        report={<ReportCampaignLink campaignId={campaign._id} />}
        like={
          <LikeForm
            campaign={campaign}
            signedIn={signedIn}
            phoneVerified={phoneVerified !== false}
            returnTo={path}
          />
        }
        share={
          <ShareWidget
            url={url}
            title={`${campaignHeading(campaign)} | ${brand.siteName}`}
            text={`${campaignHeading(campaign)}: ${campaign.title}. Give a Green-Heart on ${brand.siteName}.`}
          />
        }
      />
      <CampaignLedger ledger={ledger} />
      {/* A refused donation is told in its form, at its fields: no toast on top of it. */}
      <ActionToast result={donateResult?.ok === false ? undefined : actionData} announce={false} />
    </>
  );
}

/** Unknown ids get the site's not-found page; a failing API says so plainly. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CampaignLoadError error={error} />;
}
