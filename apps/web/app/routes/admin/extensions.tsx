import { campaignTimeLimits } from '@ipatient/contracts/campaign-rules';
import { formatDate } from '@ipatient/contracts/format';
import { CalendarPlus, X } from 'lucide-react';
import { Fact } from '../../components/admin/facts.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import {
  campaignHeading,
  campaignPath,
  organiserName,
  timeLeftText,
} from '../../features/campaigns/campaign-text.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { CsrfField } from '../../lib/session.tsx';
import type { Route } from './+types/extensions';

export function meta() {
  return pageMeta({
    title: 'Requests for more time · Admin',
    description: 'Grant or refuse organisers’ requests for more days.',
  });
}

const pageSize = 20;
const path = '/admin/extensions';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const body = await readBody(
    'GET requests for more time',
    getApi(context).campaignExtensions.openRequests({ query: { page, limit: pageSize } }),
  );
  return {
    list: body
      ? toListPage(body, (campaign) => ({
          _id: campaign._id,
          heading: campaignHeading(campaign),
          title: campaign.title,
          organiser: organiserName(campaign),
          timeLeft: timeLeftText(campaign),
          extensionDays: campaign.extensionDays,
          request: campaign.extensionRequest,
        }))
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'campaignId');
  const failureIntent = `${intent}:${id}`;
  if ((intent !== 'grant' && intent !== 'refuse') || !id) {
    return formFailure('Choose a request and a decision.', { intent: failureIntent });
  }
  const reason = formText(form, 'reason');
  const response = await getApi(context, form).campaignExtensions.decide({
    params: { id },
    body: intent === 'grant' ? { decision: 'grant' } : { decision: 'refuse', reason },
  });
  if (!response.ok) {
    return actionFailure(response, 'The request could not be answered.', {
      intent: failureIntent,
      values: { reason },
    });
  }
  return redirectWithFlash(
    request,
    path,
    { kind: 'success', message: apiMessage(response.body, 'The organiser has been told.') },
    response.setCookies,
  );
}

export default function AdminExtensions({ loaderData, actionData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <>
      <ActionToast result={actionData} />
      <AdminPageHeader
        title="Requests for more time"
        lead={
          <p>
            Oldest first. Granting adds the days asked for (at most{' '}
            {campaignTimeLimits.extensionMaxTotalDays} extra days in all); the organiser is emailed
            either way.
          </p>
        }
      />
      <AdminResults
        list={list}
        failure="The requests could not be loaded. Please try again."
        summary={list ? `${list.total} ${list.total === 1 ? 'request' : 'requests'}` : null}
        paginationLabel="Request pages"
        hrefFor={(page) => listHref(path, {}, page)}
        empty={
          list?.rows.length === 0 ? (
            <EmptyState title="No requests waiting">
              <p>Organisers’ requests for more time will appear here.</p>
            </EmptyState>
          ) : null
        }
      >
        <ul className="space-y-4">
          {(list?.rows ?? []).map((row) => {
            const result = actionData?.intent.endsWith(`:${row._id}`) ? actionData : undefined;
            const failed = result?.ok === false ? result : undefined;
            const headingId = `extension-${row._id}`;
            return (
              <li key={row._id}>
                <article
                  aria-labelledby={headingId}
                  className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
                >
                  <div>
                    <h2 id={headingId} className="text-lg font-bold break-words text-slate-900">
                      <a href={campaignPath(row._id)} className="underline">
                        {row.heading}
                      </a>
                    </h2>
                    <p className="break-words text-slate-700">{row.title}</p>
                  </div>
                  <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                    <Fact term="Organiser">{row.organiser}</Fact>
                    <Fact term="Time">{row.timeLeft ?? '—'}</Fact>
                    <Fact term="Asked for">
                      {row.request?.days ?? 0} days
                      {row.request ? ` on ${formatDate(row.request.requestedAt)}` : ''}
                    </Fact>
                    <Fact term="Days added before">{row.extensionDays}</Fact>
                    <Fact term="Reason" wide>
                      <span className="font-normal whitespace-pre-line">{row.request?.reason}</span>
                    </Fact>
                  </dl>
                  <FormAlert message={failed?.message} />
                  <form method="post">
                    <CsrfField />
                    <input type="hidden" name="campaignId" value={row._id} />
                    <button
                      type="submit"
                      name="intent"
                      value="grant"
                      className={buttonClass('primary')}
                    >
                      <CalendarPlus aria-hidden="true" className="h-4 w-4" />
                      Grant {row.request?.days ?? 0} days
                      <span className="sr-only">: {row.heading}</span>
                    </button>
                  </form>
                  <form method="post" className="space-y-3">
                    <CsrfField />
                    <input type="hidden" name="campaignId" value={row._id} />
                    <TextAreaField
                      label="Reason for refusing (emailed to the organiser)"
                      name="reason"
                      id={`refuse-reason-${row._id}`}
                      rows={3}
                      minLength={campaignTimeLimits.refusalReasonMin}
                      maxLength={campaignTimeLimits.refusalReasonMax}
                      defaultValue={failed?.values.reason ?? ''}
                      error={failed?.errors.reason}
                    />
                    <button
                      type="submit"
                      name="intent"
                      value="refuse"
                      className={buttonClass('secondary')}
                    >
                      <X aria-hidden="true" className="h-4 w-4" />
                      Refuse
                      <span className="sr-only">: {row.heading}</span>
                    </button>
                  </form>
                </article>
              </li>
            );
          })}
        </ul>
      </AdminResults>
    </>
  );
}
