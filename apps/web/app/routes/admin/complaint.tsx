import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { ComplaintActions } from '../../features/admin-moderation/complaint-actions.tsx';
import { ComplaintStatusBadge } from '../../features/complaints/complaint-badges.tsx';
import {
  ComplaintDeadlines,
  ComplaintHistory,
} from '../../features/complaints/complaint-details.tsx';
import { formatMoment } from '../../features/complaints/complaint-text.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { lookup } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/complaint';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Complaint ${loaderData.complaint.reference} · Admin` : 'Complaint · Admin',
    description: 'A complaint with its history; move it on with a note emailed to the patient.',
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await lookup(
    'GET complaint',
    getApi(context).complaints.get({ params: { id: params.id } }),
  );
  if (found.kind === 'not-found') throw data('Complaint not found', { status: 404 });
  if (found.kind === 'error') throw data('The complaint could not be loaded.', { status: 502 });
  return { complaint: found.value.result };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const note = formText(form, 'note');
  const status = formText(form, 'status');
  if (intent !== 'move' && intent !== 'close') {
    return formFailure('Choose what to do with the complaint.', { intent });
  }
  if (intent === 'close' && !note.trim()) {
    const message = 'Write a note telling the patient why the complaint is closed';
    return formFailure(message, { intent, errors: { note: message }, values: { note } });
  }
  const response = await getApi(context, form).complaints.changeStatus({
    params: { id: params.id },
    body: {
      status: intent === 'close' ? 'closed' : status,
      ...(note.trim() ? { note } : {}),
    },
  });
  if (!response.ok) {
    return actionFailure(response, 'The complaint could not be updated.', {
      intent,
      values: { note },
    });
  }
  return redirectWithFlash(
    request,
    `/admin/complaints/${params.id}`,
    { kind: 'success', message: apiMessage(response.body, 'The complaint was updated.') },
    response.setCookies,
  );
}

function Fact({
  term,
  children,
  className = '',
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function AdminComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint } = loaderData;
  const path = `/admin/complaints/${complaint._id}`;
  const otherResult =
    actionData && actionData.intent !== 'move' && actionData.intent !== 'close'
      ? actionData
      : undefined;
  return (
    <>
      <ActionToast result={actionData} />
      <p className="mb-3 text-sm">
        <Link to="/admin/complaints" className="text-brand-800 underline underline-offset-2">
          Back to complaints
        </Link>
      </p>
      <AdminPageHeader
        title={`Complaint ${complaint.reference}`}
        lead={
          <p className="flex flex-wrap items-center gap-2">
            <ComplaintStatusBadge status={complaint.status} /> About {complaint.hospitalName}
          </p>
        }
      />
      <FormAlert message={otherResult?.message} />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          <section aria-labelledby="complaint-facts" className="space-y-4">
            <h2 id="complaint-facts" className="text-xl font-bold text-slate-900">
              The complaint
            </h2>
            <dl className="grid gap-x-6 gap-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2">
              <Fact term="Reference">
                <span className="font-mono">{complaint.reference}</span>
              </Fact>
              <Fact term="Patient">
                {complaint.user.firstName} {complaint.user.lastName}
              </Fact>
              <Fact term="Category">{complaint.category}</Fact>
              <Fact term="Submitted">
                <time dateTime={complaint.submittedAt}>{formatMoment(complaint.submittedAt)}</time>
              </Fact>
              <Fact term="Hospital" className="sm:col-span-2">
                {complaint.hospitalName}
                <span className="block font-normal text-slate-700">
                  {complaint.hospitalAddress}
                </span>
              </Fact>
              <div className="sm:col-span-2">
                <dt className="text-sm text-slate-600">What happened</dt>
                <dd className="mt-1 break-words whitespace-pre-line text-slate-800">
                  {complaint.complaints}
                </dd>
              </div>
            </dl>
            <ComplaintDeadlines complaint={complaint} />
          </section>
          <ComplaintHistory complaint={complaint} />
        </div>
        <ComplaintActions status={complaint.status} action={path} result={actionData} />
      </div>
    </>
  );
}
