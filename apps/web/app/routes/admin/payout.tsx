import { payoutTexts } from '@ipatient/contracts/payouts';
import { data, Link } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import {
  PayoutAdminActions,
  type PayoutAdminIntent,
  payoutAdminIntents,
} from '../../features/payouts/payout-admin-actions.tsx';
import { PayoutAdminFacts } from '../../features/payouts/payout-admin-facts.tsx';
import { formatPayoutAmount, PayoutStatusPill } from '../../features/payouts/payout-text.tsx';
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
import { getPageContext } from '../../lib/page-context.ts';
import type { Route } from './+types/payout';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Payout ${loaderData.payout.reference} · Admin` : 'Payout · Admin',
    description: 'A payout with its payee’s bank details; approve, refuse or release it.',
  });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const found = await lookup(
    'GET admin payout',
    getApi(context).payouts.adminGet({ params: { id: params.id } }),
  );
  if (found.kind === 'not-found') throw data('Payout not found', { status: 404 });
  if (found.kind === 'error') throw data('The payout could not be loaded.', { status: 502 });
  return { payout: found.value.result, sandbox: getPageContext(context).sandbox ?? false };
}

function isIntent(value: string): value is PayoutAdminIntent {
  return (payoutAdminIntents as readonly string[]).includes(value);
}

/** Each intent's call to the API, and the message when the API sends none. */
function send(
  api: ReturnType<typeof getApi>,
  intent: PayoutAdminIntent,
  id: string,
  form: FormData,
) {
  const params = { id };
  switch (intent) {
    case 'approve':
      return { call: api.payouts.approve({ params }), done: payoutTexts.approved };
    case 'reject':
      return {
        call: api.payouts.reject({ params, body: { reason: formText(form, 'reason') } }),
        done: payoutTexts.rejected,
      };
    case 'release':
      return { call: api.payouts.release({ params }), done: payoutTexts.processing };
    case 'finalize':
      return {
        call: api.payouts.finalize({ params, body: { otp: formText(form, 'otp') } }),
        done: payoutTexts.processing,
      };
    case 'settle-success':
      return {
        call: api.payouts.sandboxSettle({ params, body: { outcome: 'success' } }),
        done: payoutTexts.paid,
      };
    case 'settle-failed':
      return {
        call: api.payouts.sandboxSettle({ params, body: { outcome: 'failed' } }),
        done: payoutTexts.failed,
      };
    case 'settle-reversed':
      return {
        call: api.payouts.sandboxSettle({ params, body: { outcome: 'reversed' } }),
        done: payoutTexts.reversed,
      };
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  if (!isIntent(intent)) return formFailure('Choose what to do with the payout.', { intent });
  const { call, done } = send(getApi(context, form), intent, params.id, form);
  const response = await call;
  if (!response.ok) {
    return actionFailure(response, 'The payout could not be updated.', {
      intent,
      values: echoValues(form, ['reason']),
    });
  }
  return redirectWithFlash(
    request,
    `/admin/payouts/${params.id}`,
    { kind: 'success', message: apiMessage(response.body, done) },
    response.setCookies,
  );
}

export default function AdminPayout({ loaderData, actionData }: Route.ComponentProps) {
  const { payout, sandbox } = loaderData;
  // Refusals of the buttons without fields (four eyes, a wrong state) show at the top.
  const topResult =
    actionData && actionData.intent !== 'reject' && actionData.intent !== 'finalize'
      ? actionData
      : undefined;
  return (
    <>
      <ActionToast result={actionData} />
      <p className="mb-3 text-sm">
        <Link to="/admin/payouts" className="text-brand-800 underline underline-offset-2">
          Back to payouts
        </Link>
      </p>
      <AdminPageHeader
        title={`Payout of ${formatPayoutAmount(payout.amount)}`}
        lead={
          <p className="flex flex-wrap items-center gap-2">
            <PayoutStatusPill status={payout.status} /> For {payout.campaignTitle}
          </p>
        }
      />
      <FormAlert message={topResult?.ok === false ? topResult.message : undefined} />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <PayoutAdminFacts payout={payout} />
        <PayoutAdminActions payout={payout} sandbox={sandbox} result={actionData} />
      </div>
    </>
  );
}
