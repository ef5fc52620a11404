import { reportTexts } from '@ipatient/contracts/campaign-reports';
import { foundOrThrow, intentAction } from '../../features/admin/admin-detail.server.ts';
import { AdminDetailHeader } from '../../features/admin/admin-detail.tsx';
import {
  OtherReports,
  ReportAdminActions,
  type ReportAdminIntent,
  ReportFacts,
  reportAdminIntents,
} from '../../features/campaign-reports/report-admin.tsx';
import { ReportStatusPill } from '../../features/campaign-reports/report-status.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { type Api, getApi } from '../../lib/api-context.ts';
import { lookup } from '../../lib/api-read.server.ts';
import { formText } from '../../lib/forms.server.ts';
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
  const { result } = foundOrThrow(found, {
    missing: 'Report not found',
    failed: 'The report could not be loaded.',
  });
  return { report: result };
}

/** Each intent's call to the API, and the message when the API sends none. */
function send(api: Api, intent: ReportAdminIntent, id: string, form: FormData) {
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
  return intentAction(request, context, {
    intents: reportAdminIntents,
    choose: 'Choose what to do with the report.',
    failed: 'The report could not be updated.',
    echo: ['outcome'],
    back: `/admin/reports/${params.id}`,
    send: (api, intent, form) => send(api, intent, params.id, form),
  });
}

export default function AdminReport({ loaderData, actionData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <>
      {/* Refusals of the payout buttons show at the top; those of closing, at the outcome. */}
      <AdminDetailHeader
        back={{ to: '/admin/reports', label: 'Back to reports' }}
        title={`Report of “${report.campaignTitle}”`}
        status={<ReportStatusPill status={report.status} />}
        about={report.reasonLabel}
        result={actionData}
        fieldIntents={['upheld', 'dismissed']}
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <ReportFacts report={report} />
        <ReportAdminActions report={report} result={actionData} />
      </div>
      <OtherReports report={report} />
    </>
  );
}
