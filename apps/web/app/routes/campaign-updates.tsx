import { campaignUpdateTexts } from '@ipatient/contracts/campaign-updates';
import { errorTexts } from '@ipatient/contracts/errors';
import { ArrowLeft } from 'lucide-react';
import { data, type MetaDescriptor } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { campaignUpdatesPath } from '../features/campaign-updates/campaign-updates.server.ts';
import {
  GiftsList,
  OwnUpdatesList,
  PostUpdateForm,
} from '../features/campaign-updates/manage-updates.tsx';
import {
  CampaignLoadError,
  campaignErrorMeta,
} from '../features/campaigns/campaign-load-error.tsx';
import { campaignPath } from '../features/campaigns/campaign-text.ts';
import { OrganiserPageHeader } from '../features/campaigns/organiser-page.tsx';
import { getApi } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/campaign-updates';

// Plain forms that post to this route (ADR 005): the page needs no React in the browser.
export const handle = staticPage;

/**
 * An organiser's updates, words of support and thanks for one campaign. Members who do not run
 * the campaign are refused by the API (403), shown as the not-found page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const response = await getApi(context).campaignUpdates.manage({ params: { id: params.id } });
  if (response.ok) return response.body.result;
  // Someone else's campaign (403) reads as one that does not exist.
  if ([400, 403, 404].includes(response.status)) throw data(null, { status: 404 });
  throw data(errorTexts.fetchCampaign, { status: 502 });
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return campaignErrorMeta(error);
  return [
    ...pageMeta({
      title: `Updates: ${loaderData.campaign.title}`,
      description: 'Post updates on your campaign, thank your donors and report a message.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const api = getApi(context, form);
  const here = campaignUpdatesPath(params.id);
  const done = (message: string, cookies: readonly string[], to = here) =>
    redirectWithFlash(request, to, { kind: 'success', message }, cookies);

  if (intent === 'post') {
    const upload = new FormData();
    upload.append('body', formText(form, 'body'));
    const image = form.get('image');
    if (image instanceof File && image.size > 0)
      upload.append('image', image, image.name || 'photo');
    const response = await api.campaignUpdates.post({ params: { id: params.id }, form: upload });
    if (!response.ok) {
      return actionFailure(response, 'Your update could not be posted.', {
        intent,
        values: { body: formText(form, 'body') },
      });
    }
    return done(
      apiMessage(response.body, campaignUpdateTexts.posted),
      response.setCookies,
      `${campaignPath(params.id)}#updates-title`,
    );
  }

  const donationId = formText(form, 'donationId');
  const giftParams = { id: params.id, donationId };
  if (intent === 'thank' && donationId) {
    const note = formText(form, 'note');
    const response = await api.campaignUpdates.thank({ params: giftParams, body: { note } });
    if (!response.ok) {
      return actionFailure(response, 'Your thank-you could not be sent.', {
        intent: `thank:${donationId}`,
        values: { note },
      });
    }
    return done(apiMessage(response.body, campaignUpdateTexts.thanked), response.setCookies);
  }
  if (intent === 'report' && donationId) {
    const response = await api.campaignUpdates.report({ params: giftParams });
    if (!response.ok) {
      return actionFailure(response, 'The message could not be reported.', {
        intent: `report:${donationId}`,
      });
    }
    return done(apiMessage(response.body, campaignUpdateTexts.reported), response.setCookies);
  }
  return formFailure(errorTexts.default, { intent });
}

export default function CampaignUpdatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, canPost, updates, gifts } = loaderData;
  const postResult = resultFor(actionData, 'post');
  const giftResult =
    actionData && actionData.intent !== 'post' && actionData.intent.includes(':')
      ? actionData
      : undefined;
  return (
    <>
      <ActionToast result={actionData} />
      <OrganiserPageHeader campaign={campaign.title} title="Updates and thanks" width="medium">
        <p className="mt-3 max-w-2xl text-slate-700">
          Tell your donors how things are going, and thank them for their gifts.
        </p>
      </OrganiserPageHeader>
      <div className="mx-auto max-w-4xl space-y-10 px-4 py-8 md:px-6 md:py-12">
        {canPost ? (
          <PostUpdateForm result={postResult} />
        ) : (
          <p
            role="status"
            className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-900"
          >
            {campaignUpdateTexts.notLive}
          </p>
        )}
        <OwnUpdatesList updates={updates} />
        <GiftsList gifts={gifts} result={giftResult} />
        <LinkButton to={campaignPath(campaign._id)} variant="secondary" reloadDocument>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to the campaign page
        </LinkButton>
      </div>
    </>
  );
}

/** Unknown ids and other members' campaigns get the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CampaignLoadError error={error} />;
}
