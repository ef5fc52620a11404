import { errorTexts } from '@ipatient/contracts/errors';
import { CircleCheck, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Form, isRouteErrorResponse, Link, type MetaDescriptor } from 'react-router';
import { ErrorView } from '../components/errors/error-view.tsx';
import { NotFoundView } from '../components/errors/not-found-view.tsx';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { Dialog } from '../components/ui/dialog.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import {
  ComplaintDeadlines,
  ComplaintHistory,
  ComplaintSummary,
} from '../features/complaints/complaint-details.tsx';
import { EditComplaintForm } from '../features/complaints/complaint-form.tsx';
import {
  complaintFields,
  complaintPath,
  complaintsTabPath,
} from '../features/complaints/complaint-text.ts';
import type { Complaint } from '../features/complaints/complaint-types.ts';
import { complaintRequest, fetchComplaint } from '../features/complaints/complaints.server.ts';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
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
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import { CsrfField } from '../lib/session.tsx';
import type { Route } from './+types/advocacy-complaint';

// Plain forms and the inline dialog enhancement: no React needed in the browser (ADR 005).
export const handle = staticPage;

/** The owner's complaint; visitors log in first, anyone else's is not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const lookup = await fetchComplaint(context, params.id);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data(errorTexts.fetchAdvocacy, { status: 502 });
  const search = new URL(request.url).searchParams;
  return {
    complaint: lookup.complaint,
    submitted: search.get('submitted') === '1',
    confirmWithdraw: search.get('withdraw') === '1',
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      title: notFound ? 'Complaint not found' : errorTexts.fetchAdvocacy,
      description: 'This complaint could not be shown.',
    });
  }
  return pageMeta({
    title: `Complaint ${loaderData.complaint.reference}`,
    description: `Status, deadlines and progress of complaint ${loaderData.complaint.reference}.`,
  });
}

/** 'update' (PUT /update-advocacy/{id}) and 'withdraw' (DELETE /delete-advocacy/{id}). */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const api = getApi(context, form).complaints;
  if (intent === 'withdraw') {
    const response = await api.remove({ params: { id: params.id } });
    if (!response.ok) {
      return actionFailure(response, errorTexts.updateAdvocacy, { intent });
    }
    return redirectWithFlash(
      request,
      complaintsTabPath,
      { kind: 'success', message: apiMessage(response.body, 'Complaint deleted') },
      response.setCookies,
    );
  }
  if (intent !== 'update') throw data(null, { status: 400 });
  const body = complaintRequest(form);
  const response = await api.update({ params: { id: params.id }, body });
  if (!response.ok) {
    return actionFailure(response, errorTexts.updateAdvocacy, {
      intent,
      values: echoValues(form, complaintFields),
    });
  }
  return redirectWithFlash(
    request,
    complaintPath(params.id),
    { kind: 'success', message: apiMessage(response.body, 'Your complaint has been updated') },
    response.setCookies,
  );
}

/** Shown right after sending: the reference to quote and what happens next. */
function SubmittedPanel({ complaint }: { complaint: Complaint }) {
  return (
    <section
      aria-labelledby="complaint-sent-title"
      className="space-y-4 rounded-2xl border border-brand-300 bg-brand-50 p-6 md:p-8"
    >
      <h2
        id="complaint-sent-title"
        className="flex items-center gap-2 text-2xl font-extrabold text-brand-900"
      >
        <CircleCheck aria-hidden="true" className="h-7 w-7" />
        Your complaint has been submitted
      </h2>
      <div>
        <p className="text-sm font-semibold text-slate-700">Your reference number</p>
        <p className="font-mono text-3xl font-extrabold tracking-wider text-slate-900 md:text-4xl">
          {complaint.reference}
        </p>
      </div>
      <p className="text-slate-800">
        Quote this reference whenever you call or email us about this complaint. We have also sent
        it to your email address.
      </p>
      <ComplaintDeadlines complaint={complaint} />
      <p>
        <Link to={complaintsTabPath} className="font-semibold text-brand-800 underline">
          Follow all your complaints in your account
        </Link>
      </p>
    </section>
  );
}

function WithdrawForm({ action, cancel }: { action: string; cancel: ReactNode }) {
  return (
    <Form method="post" action={action} className="flex flex-wrap gap-3">
      <CsrfField />
      <input type="hidden" name="intent" value="withdraw" />
      <button
        type="submit"
        className={buttonClass(
          'primary',
          'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700',
        )}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Yes, withdraw complaint
      </button>
      {cancel}
    </Form>
  );
}

const withdrawQuestion =
  'Your complaint will be deleted and our advocates will not follow it up. This cannot be undone.';

/** 'Withdraw complaint': a dialog with the inline script, a confirmation on the page without. */
function WithdrawSection({ complaint, confirming }: { complaint: Complaint; confirming: boolean }) {
  const path = complaintPath(complaint._id);
  const dialogId = 'withdraw-complaint';
  return (
    <section aria-labelledby="withdraw-title" className="space-y-3">
      <h2 id="withdraw-title" className="text-xl font-bold text-slate-900">
        Withdraw this complaint
      </h2>
      <p className="text-slate-700">
        Settled it with the hospital? You can withdraw the complaint until it is acknowledged.
      </p>
      <Form method="get" action={path}>
        <input type="hidden" name="withdraw" value="1" />
        <button
          type="submit"
          data-dialog-open={dialogId}
          aria-haspopup="dialog"
          className={buttonClass(
            'secondary',
            'border-red-700 text-red-800 hover:bg-red-50 focus-visible:outline-red-700',
          )}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Withdraw complaint
        </button>
      </Form>
      {confirming ? (
        <section
          aria-labelledby="withdraw-confirm-title"
          className="rounded-xl border border-red-300 bg-red-50 p-4"
        >
          <h3 id="withdraw-confirm-title" className="font-bold text-red-900">
            Withdraw this complaint?
          </h3>
          <p className="mt-1 mb-3 text-sm text-red-900">{withdrawQuestion}</p>
          <WithdrawForm
            action={path}
            cancel={
              <Link to={path} className={buttonClass('secondary')}>
                Cancel
              </Link>
            }
          />
        </section>
      ) : null}
      <Dialog id={dialogId} title="Withdraw this complaint?" description={withdrawQuestion}>
        <WithdrawForm
          action={path}
          cancel={
            <button type="button" data-dialog-close="" className={buttonClass('secondary')}>
              Cancel
            </button>
          }
        />
      </Dialog>
    </section>
  );
}

export default function AdvocacyComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint, submitted, confirmWithdraw } = loaderData;
  const editable = complaint.status === 'submitted';
  const updateResult = resultFor(actionData, 'update');
  const withdrawResult = resultFor(actionData, 'withdraw');
  return (
    <>
      <PageHero
        eyebrow="Complaint"
        title={`Complaint ${complaint.reference}`}
        lead={
          <p>
            About {complaint.hospitalName}. Follow its progress here; we email you whenever it
            moves.
          </p>
        }
      >
        <LinkButton to={complaintsTabPath} variant="secondary">
          All my complaints
        </LinkButton>
      </PageHero>
      <PageBody>
        {submitted ? <SubmittedPanel complaint={complaint} /> : null}
        <ComplaintSummary complaint={complaint} />
        {submitted ? null : (
          <section aria-labelledby="deadlines-title" className="space-y-4">
            <h2 id="deadlines-title" className="text-xl font-bold text-slate-900">
              Deadlines
            </h2>
            <ComplaintDeadlines complaint={complaint} />
          </section>
        )}
        <ComplaintHistory complaint={complaint} />
        {editable ? (
          <>
            <section
              aria-labelledby="edit-title"
              className="space-y-4 rounded-2xl border border-slate-200 p-6 shadow-sm md:p-8"
            >
              <h2 id="edit-title" className="text-xl font-bold text-slate-900">
                Edit your complaint
              </h2>
              <p className="text-slate-700">
                You can correct it until it is acknowledged. The deadlines do not change.
              </p>
              <EditComplaintForm
                action={complaintPath(complaint._id)}
                result={updateResult?.ok === false ? updateResult : undefined}
                initial={complaint}
              />
            </section>
            <FormAlert message={withdrawResult?.message} />
            <WithdrawSection complaint={complaint} confirming={confirmWithdraw} />
          </>
        ) : updateResult?.message || withdrawResult?.message ? (
          <FormAlert message={updateResult?.message ?? withdrawResult?.message} />
        ) : null}
      </PageBody>
      <ActionToast result={actionData} />
    </>
  );
}

/** Unknown or someone else's complaints get the not-found page; a failing API says so plainly. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title={errorTexts.fetchAdvocacy}
      message="This complaint could not be loaded right now. Please try again in a moment."
    />
  );
}
