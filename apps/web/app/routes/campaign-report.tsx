import {
  type ReportReason,
  reportReasons,
  reportTexts,
} from '@ipatient/contracts/campaign-reports';
import { data } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { ReportForm, reportFields } from '../features/campaign-reports/report-form.tsx';
import { campaignPath } from '../features/campaigns/campaign-text.ts';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { getApi } from '../lib/api-context.ts';
import { lookup } from '../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/campaign-report';

// The form is a plain post to this route's action; the page needs no React in the browser.
export const handle = staticPage;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Report “${loaderData.campaign.title}”` : 'Report a campaign',
    description: 'Tell our team about a campaign that may be a scam, false or harmful.',
  });
}

/** The campaign, if it may be reported (live or completed; others are not found). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [found, user] = await Promise.all([
    lookup('GET report form', getApi(context).campaignReports.form({ params: { id: params.id } })),
    getSession(context).user(),
  ]);
  if (found.kind === 'not-found') throw data(null, { status: 404 });
  if (found.kind === 'error') throw data('The campaign could not be loaded.', { status: 502 });
  return { campaign: found.value.result, email: user?.email ?? null };
}

const isReason = (value: string): value is ReportReason =>
  (reportReasons as readonly string[]).includes(value);

/** POST /crowdfunding/{id}/reports; back to the campaign with a thank-you, or the form again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const values = echoValues(form, reportFields);
  const reason = formText(form, 'reason');
  if (!isReason(reason)) {
    return formFailure('Please check the report form.', {
      errors: { reason: 'Choose why you are reporting this campaign' },
      values,
    });
  }
  const response = await getApi(context, form).campaignReports.create({
    params: { id: params.id },
    body: { reason, details: formText(form, 'details'), email: formText(form, 'email') },
  });
  if (response.status === 404) throw data(null, { status: 404 });
  if (!response.ok) {
    return actionFailure(response, 'Your report could not be sent. Please try again.', { values });
  }
  return redirectWithFlash(
    request,
    campaignPath(params.id),
    { kind: 'success', message: apiMessage(response.body, reportTexts.received) },
    response.setCookies,
  );
}

export default function CampaignReport({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, email } = loaderData;
  return (
    <>
      <PageHero
        title="Report this campaign"
        lead={
          <p>
            Tell us what worries you about{' '}
            <a
              href={campaignPath(campaign._id)}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              {campaign.title}
            </a>
            . Our team reads every report and can hold the money raised while they look into it. You
            do not need an account.
          </p>
        }
      />
      <PageBody>
        <section
          aria-label="Report form"
          className="rounded-2xl border border-slate-200 p-6 shadow-sm md:p-8"
        >
          <ReportForm result={actionData} email={email} />
        </section>
      </PageBody>
      <ActionToast result={actionData} />
    </>
  );
}
