import { Fact, FactsSection } from '../../components/admin/facts.tsx';
import { foundOrThrow } from '../../features/admin/admin-detail.server.ts';
import { AdminDetailHeader } from '../../features/admin/admin-detail.tsx';
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
  const { result } = foundOrThrow(found, {
    missing: 'Complaint not found',
    failed: 'The complaint could not be loaded.',
  });
  return { complaint: result };
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

export default function AdminComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint } = loaderData;
  const path = `/admin/complaints/${complaint._id}`;
  return (
    <>
      <AdminDetailHeader
        back={{ to: '/admin/complaints', label: 'Back to complaints' }}
        title={`Complaint ${complaint.reference}`}
        status={<ComplaintStatusBadge status={complaint.status} />}
        about={`About ${complaint.hospitalName}`}
        result={actionData}
        fieldIntents={['move', 'close']}
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          <FactsSection
            id="complaint-facts"
            title="The complaint"
            after={<ComplaintDeadlines complaint={complaint} />}
          >
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
            <Fact term="Hospital" wide>
              {complaint.hospitalName}
              <span className="block font-normal text-slate-700">{complaint.hospitalAddress}</span>
            </Fact>
            <div className="sm:col-span-2">
              <dt className="text-sm text-slate-600">What happened</dt>
              <dd className="mt-1 break-words whitespace-pre-line text-slate-800">
                {complaint.complaints}
              </dd>
            </div>
          </FactsSection>
          <ComplaintHistory complaint={complaint} />
        </div>
        <ComplaintActions status={complaint.status} action={path} result={actionData} />
      </div>
    </>
  );
}
