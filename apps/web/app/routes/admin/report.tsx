import { reportTexts } from '@ipatient/contracts/campaign-reports';
import { data, Link } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import {
  OtherReports,
  ReportAdminActions,
  type ReportAdminIntent,
  ReportFacts,
  reportAdminIntents,
} from '../../features/campaign-reports/report-admin.tsx';
import { ReportStatusPill } from '../../features/campaign-reports/report-status.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { lookup } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/report';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Report of “${loaderData.report.campaignTitle}” · Admin` : 'Report · Admin',
    description: 'A report of a campaign: hold its payouts, and close it as upheld or dismissed.',
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await lookup(
    'GET admin campaign report',
    getApi(context).campaignReports.adminGet({ params: { id: params.id } }),
  );
  if (found.kind === 'not-found') throw data('Report not found', { status: 404 });
  if (found.kind === 'error') throw data('The report could not be loaded.', { status: 502 });
  return { report: found.value.result };
}

function isIntent(value: string): value is ReportAdminIntent {
  return (reportAdminIntents as readonly string[]).includes(value);
}

function send(
  api: ReturnType<typeof getApi>,
  intent: ReportAdminIntent,
  id: string,
  form: FormData,
) {
  const params = { id };
  switch (intent) {
    case 'hold':
      return { call: api.campaignReports.holdPayouts({ params }), done: reportTexts.held };
    case 'release':
      return { call: api.campaignReports.releasePayouts({ params }), done: reportTexts.released };
    case 'upheld':
    case 'dismissed':
      return {
        call: api.campaignReports.close({
          params,
          body: { decision: intent, outcome: formText(form, 'outcome') },
        }),
        done: intent === 'upheld' ? reportTexts.upheld : reportTexts.dismissed,
      };
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  if (!isIntent(intent)) return formFailure('Choose what to do with the report.', { intent });
  const { call, done } = send(getApi(context, form), intent, params.id, form);
  const response = await call;
  if (!response.ok) {
    return actionFailure(response, 'The report could not be updated.', {
      intent,
      values: echoValues(form, ['outcome']),
    });
  }
  return redirectWithFlash(
    request,
    `/admin/reports/${params.id}`,
    { kind: 'success', message: apiMessage(response.body, done) },
    response.setCookies,
  );
}

export default function AdminReport({ loaderData, actionData }: Route.ComponentProps) {
  const { report } = loaderData;
  // Refusals of the payout buttons show at the top; those of closing, at the outcome.
  const topResult =
    actionData && actionData.intent !== 'upheld' && actionData.intent !== 'dismissed'
      ? actionData
      : undefined;
  return (
    <>
      <ActionToast result={actionData} />
      <p className="mb-3 text-sm">
        <Link to="/admin/reports" className="text-brand-800 underline underline-offset-2">
          Back to reports
        </Link>
      </p>
      <AdminPageHeader
        title={`Report of “${report.campaignTitle}”`}
        lead={
          <p className="flex flex-wrap items-center gap-2">
            <ReportStatusPill status={report.status} /> {report.reasonLabel}
          </p>
        }
      />
      <FormAlert message={topResult?.ok === false ? topResult.message : undefined} />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <ReportFacts report={report} />
        <ReportAdminActions report={report} result={actionData} />
      </div>
      <OtherReports report={report} />
    </>
  );
}
