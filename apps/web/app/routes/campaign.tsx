import { brand } from '@ipatient/contracts/brand';
import { excerpts } from '@ipatient/contracts/constants';
import { errorTexts } from '@ipatient/contracts/errors';
import { truncate } from '@ipatient/contracts/format';
import { data, type MetaDescriptor, redirect } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { imageUrl } from '../components/ui/responsive-image.tsx';
import { CampaignDetails } from '../features/campaigns/campaign-details.tsx';
import { largestImage } from '../features/campaigns/campaign-image.tsx';
import {
  CampaignLoadError,
  campaignErrorMeta,
} from '../features/campaigns/campaign-load-error.tsx';
import { campaignHeading, campaignPath } from '../features/campaigns/campaign-text.ts';
import { fetchCampaign } from '../features/campaigns/campaigns.server.ts';
import { LikeForm } from '../features/campaigns/like-form.tsx';
import { ShareWidget } from '../features/campaigns/share-widget.tsx';
import { getPublicUrl } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  callApiWithForm,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/campaign';

// Server-rendered HTML: the Green-Heart is a form post and Share is a tiny inline script
// (features/campaigns/share-enhance.ts), so the page needs no React in the browser (ADR 005).
export const handle = staticPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const [lookup, user] = await Promise.all([
    fetchCampaign(context, params.id),
    getSession(context).user(),
  ]);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data(errorTexts.fetchCampaign, { status: 502 });
  const { campaign } = lookup;
  const origin = getPublicUrl(context);
  return {
    campaign,
    signedIn: user !== null,
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

/** The Green-Heart (PUT /like-crowdfunding/{id}); back to the page with a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const path = campaignPath(params.id);
  const form = await readFormData(request);
  if (formText(form, 'intent') !== 'like') throw data(null, { status: 400 });
  const response = await callApiWithForm(
    context,
    form,
    `/like-crowdfunding/${encodeURIComponent(params.id)}`,
    { method: 'PUT' },
  );
  if (response.status === 401) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: path })}`);
  }
  if (response.status !== 200) {
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
  const { campaign, signedIn, url } = loaderData;
  return (
    <>
      <CampaignDetails
        campaign={campaign}
        alert={actionData?.ok === false ? <FormAlert message={actionData.message} /> : null}
        like={
          <LikeForm campaign={campaign} signedIn={signedIn} returnTo={campaignPath(campaign._id)} />
        }
        share={
          <ShareWidget
            url={url}
            title={`${campaignHeading(campaign)} | ${brand.siteName}`}
            text={`${campaignHeading(campaign)}: ${campaign.title}. Give a Green-Heart on ${brand.siteName}.`}
          />
        }
      />
      <ActionToast result={actionData} announce={false} />
    </>
  );
}

/** Unknown ids get the site's not-found page; a failing API says so plainly. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CampaignLoadError error={error} />;
}
