import { campaignTimeLimits, extensionRequestProblem } from '@ipatient/contracts/campaign-rules';
import { errorTexts } from '@ipatient/contracts/errors';
import { formatDate } from '@ipatient/contracts/format';
import { CalendarPlus } from 'lucide-react';
import { data, type MetaDescriptor } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { SelectField, TextAreaField } from '../components/ui/form-field.tsx';
import {
  CampaignLoadError,
  campaignErrorMeta,
} from '../features/campaigns/campaign-load-error.tsx';
import { campaignHeading, timeLeftText } from '../features/campaigns/campaign-text.ts';
import { fetchCampaign } from '../features/campaigns/campaigns.server.ts';
import { campaignTabPath } from '../features/campaigns/my-campaigns.tsx';
import { BackToCampaigns, OrganiserPageHeader } from '../features/campaigns/organiser-page.tsx';
import { getApi } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/campaign-extension';

const limitsOf = campaignTimeLimits;

/**
 * "Ask for more time": the organiser of a live campaign (or one ended less than 30 days ago)
 * asks for 30, 60 or 90 more days with a reason; an admin answers by email. Anyone else gets
 * the not-found page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const found = await fetchCampaign(context, params.id);
  if (found.kind === 'not-found') throw data(null, { status: 404 });
  if (found.kind === 'error') throw data(errorTexts.fetchCampaign, { status: 502 });
  const { campaign } = found;
  if (!campaign.isOwner) throw data(null, { status: 404 });
  const problem = extensionRequestProblem({
    status: campaign.status,
    endsAt: campaign.endsAt,
    extensionDays: campaign.extensionDays,
    extensionRequestedAt: campaign.extensionRequest?.requestedAt ?? null,
  });
  return {
    id: campaign._id,
    heading: campaignHeading(campaign),
    timeLeft: timeLeftText(campaign),
    request: campaign.extensionRequest,
    problem: problem ?? null,
    room: limitsOf.extensionMaxTotalDays - campaign.extensionDays,
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return campaignErrorMeta(error);
  return [
    ...pageMeta({
      title: `Ask for more time: ${loaderData.heading}`,
      description: 'Ask our team to give your campaign more days.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

const fields = ['reason', 'days'] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const response = await getApi(context, form).campaignExtensions.request({
    params: { id: params.id },
    body: { reason: formText(form, 'reason'), days: formText(form, 'days') },
  });
  if (!response.ok) {
    return actionFailure(response, 'Your request could not be sent.', {
      intent: 'extension',
      values: echoValues(form, fields),
    });
  }
  return redirectWithFlash(
    request,
    campaignTabPath,
    {
      kind: 'success',
      message: apiMessage(response.body, 'Thank you. Our team will email you the answer.'),
    },
    response.setCookies,
  );
}

export default function CampaignExtension({ loaderData, actionData }: Route.ComponentProps) {
  const { heading, timeLeft, request, problem, room } = loaderData;
  const result = resultFor(actionData, 'extension');
  const errors = result?.ok === false ? result.errors : {};
  const values = result?.ok === false ? result.values : {};
  const choices = limitsOf.extensionChoices.filter((days) => days <= room);
  return (
    <>
      <ActionToast result={result?.ok === false ? undefined : actionData} />
      <OrganiserPageHeader campaign={heading} title="Ask for more time" width="narrow">
        <p className="mt-3 text-slate-700">
          {timeLeft ? `${timeLeft}. ` : ''}Tell us why the campaign needs more days. Our team reads
          every request and emails you the answer.
        </p>
      </OrganiserPageHeader>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 md:px-6 md:py-12">
        {request ? (
          <p className="rounded-xl bg-amber-50 p-4 text-amber-900" data-testid="extension-open">
            You asked for {request.days} more days on {formatDate(request.requestedAt)}. Our team
            will email you the answer.
          </p>
        ) : problem ? (
          <FormAlert message={problem} />
        ) : (
          <form method="post" className="space-y-5" noValidate>
            <CsrfField />
            <FormAlert message={result?.ok === false ? result.message : undefined} />
            <TextAreaField
              label="Why does the campaign need more time?"
              name="reason"
              rows={6}
              required
              minLength={limitsOf.extensionReasonMin}
              maxLength={limitsOf.extensionReasonMax}
              defaultValue={values.reason ?? ''}
              error={errors.reason}
              hint={`${limitsOf.extensionReasonMin} to ${limitsOf.extensionReasonMax.toLocaleString('en-NG')} characters. For example: the operation was moved, or the bill grew.`}
            />
            <SelectField
              label="How many more days?"
              name="days"
              defaultValue={values.days || String(choices[0] ?? '')}
              error={errors.days}
            >
              {choices.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </SelectField>
            <button type="submit" className={buttonClass('primary')}>
              <CalendarPlus aria-hidden="true" className="h-4 w-4" />
              Send the request
            </button>
          </form>
        )}
        <BackToCampaigns />
      </div>
    </>
  );
}

/** Unknown ids, and other people's campaigns, get the site's not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CampaignLoadError error={error} />;
}
