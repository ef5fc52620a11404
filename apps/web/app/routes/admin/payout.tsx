import { payoutTexts } from '@ipatient/contracts/payouts';
import { foundOrThrow, intentAction } from '../../features/admin/admin-detail.server.ts';
import { AdminDetailHeader } from '../../features/admin/admin-detail.tsx';
import {
  PayoutAdminActions,
  type PayoutAdminIntent,
  payoutAdminIntents,
} from '../../features/payouts/payout-admin-actions.tsx';
import { PayoutAdminFacts } from '../../features/payouts/payout-admin-facts.tsx';
import { formatPayoutAmount, PayoutStatusPill } from '../../features/payouts/payout-text.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { type Api, getApi } from '../../lib/api-context.ts';
import { lookup } from '../../lib/api-read.server.ts';
import { formText } from '../../lib/forms.server.ts';
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
  const { result } = foundOrThrow(found, {
    missing: 'Payout not found',
    failed: 'The payout could not be loaded.',
  });
  return { payout: result, sandbox: getPageContext(context).sandbox ?? false };
}

/** Each intent's call to the API, and the message when the API sends none. */
function send(api: Api, intent: PayoutAdminIntent, id: string, form: FormData) {
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
  return intentAction(request, context, {
    intents: payoutAdminIntents,
    choose: 'Choose what to do with the payout.',
    failed: 'The payout could not be updated.',
    echo: ['reason'],
    back: `/admin/payouts/${params.id}`,
    send: (api, intent, form) => send(api, intent, params.id, form),
  });
}

export default function AdminPayout({ loaderData, actionData }: Route.ComponentProps) {
  const { payout, sandbox } = loaderData;
  return (
    <>
      {/* Refusals of the buttons without fields (four eyes, a wrong state) show at the top. */}
      <AdminDetailHeader
        back={{ to: '/admin/payouts', label: 'Back to payouts' }}
        title={`Payout of ${formatPayoutAmount(payout.amount)}`}
        status={<PayoutStatusPill status={payout.status} />}
        about={`For ${payout.campaignTitle}`}
        result={actionData}
        fieldIntents={['reject', 'finalize']}
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <PayoutAdminFacts payout={payout} />
        <PayoutAdminActions payout={payout} sandbox={sandbox} result={actionData} />
      </div>
    </>
  );
}
