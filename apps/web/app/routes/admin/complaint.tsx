import {
  type ComplaintStatus,
  complaintLimits,
  complaintStatusLabels,
} from '@ipatient/contracts/advocacy-rules';
import type { ReactNode } from 'react';
import { data, Form, Link } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
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
import { type ActionResult, resultFor } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/meta.ts';
import { CsrfField } from '../../lib/session.tsx';
import type { Route } from './+types/complaint';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Complaint ${loaderData.complaint.reference} · Admin` : 'Complaint · Admin',
    description: 'A complaint with its history; move it on with a note emailed to the patient.',
  });
}

/** The status a complaint moves to next, or null when it is finished. */
const nextStatus: Record<ComplaintStatus, ComplaintStatus | null> = {
  submitted: 'acknowledged',
  acknowledged: 'under_review',
  under_review: 'resolved',
  resolved: null,
  closed: null,
};

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

function NoteForm({
  intent,
  status,
  label,
  hint,
  required,
  result,
  action,
  danger,
}: {
  intent: 'move' | 'close';
  status: ComplaintStatus;
  label: string;
  hint: string;
  required: boolean;
  result: ActionResult | undefined;
  action: string;
  danger?: boolean;
}) {
  return (
    <Form
      method="post"
      action={action}
      reloadDocument
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="status" value={status} />
      <TextAreaField
        id={`note-${intent}`}
        name="note"
        label={`Note to the patient${required ? '' : ' (optional)'}`}
        hint={hint}
        rows={4}
        required={required}
        maxLength={complaintLimits.noteMax}
        defaultValue={result?.values.note}
        error={result?.errors.note ?? (result?.ok === false ? result.message : undefined)}
      />
      <button
        type="submit"
        className={
          danger
            ? buttonClass('secondary', 'border-red-700 text-red-800 hover:bg-red-50')
            : buttonClass('primary')
        }
      >
        {label}
      </button>
    </Form>
  );
}

export default function AdminComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint } = loaderData;
  const path = `/admin/complaints/${complaint._id}`;
  const next = nextStatus[complaint.status];
  const open = complaint.status !== 'resolved' && complaint.status !== 'closed';
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
        <aside aria-labelledby="complaint-actions" className="space-y-4">
          <h2 id="complaint-actions" className="text-xl font-bold text-slate-900">
            Move it on
          </h2>
          {next ? (
            <NoteForm
              intent="move"
              status={next}
              label={`Move to ${complaintStatusLabels[next]}`}
              hint="Kept in the history and emailed to the patient."
              required={false}
              result={resultFor(actionData, 'move')}
              action={path}
            />
          ) : null}
          {open ? (
            <NoteForm
              intent="close"
              status="closed"
              label="Close complaint"
              hint="Closing ends the complaint; say why. Emailed to the patient."
              required
              result={resultFor(actionData, 'close')}
              action={path}
              danger
            />
          ) : (
            <p className="text-slate-700">
              This complaint is {complaintStatusLabels[complaint.status].toLowerCase()}: there is
              nothing more to move.
            </p>
          )}
        </aside>
      </div>
    </>
  );
}
