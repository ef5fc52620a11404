import { errorTexts } from '@ipatient/contracts/errors';
import { payoutTexts } from '@ipatient/contracts/payouts';
import { data, type MetaDescriptor } from 'react-router';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import {
  CampaignLoadError,
  campaignErrorMeta,
} from '../features/campaigns/campaign-load-error.tsx';
import { BackToCampaigns, OrganiserPageHeader } from '../features/campaigns/organiser-page.tsx';
import { CampaignPayoutList, PayoutBalance } from '../features/payouts/campaign-payouts-view.tsx';
import { type BillOption, PayoutRequestForm } from '../features/payouts/payout-request-form.tsx';
import { getApi } from '../lib/api-context.ts';
import { lookup, readBody } from '../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/campaign-payouts';

/**
 * A campaign's payouts, for its organiser: the balance, why payouts are blocked (if they are),
 * the request form and every payout with its progress. Anyone else gets the not-found page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  const api = getApi(context);
  const [found, documents] = await Promise.all([
    lookup('GET campaign payouts', api.payouts.listForCampaign({ params: { id: params.id } })),
    readBody('GET campaign documents', api.evidence.list({ params: { id: params.id } })),
  ]);
  if (found.kind === 'not-found') throw data(null, { status: 404 });
  if (found.kind === 'error') throw data(errorTexts.fetchCampaign, { status: 502 });
  const { results, balance, payees, blocked } = found.value;
  // Bills first: a payout pays a bill, but any attached document may be the invoice.
  const bills: BillOption[] | null = documents
    ? [...documents.results]
        .sort((a, b) => Number(b.kind === 'bill') - Number(a.kind === 'bill'))
        .map((document) => ({ id: document.id, kind: document.kind, fileName: document.fileName }))
    : null;
  return {
    id: params.id,
    title: results[0]?.campaignTitle ?? null,
    payouts: results,
    balance,
    payees,
    blocked,
    bills,
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) return campaignErrorMeta(error);
  return [
    ...pageMeta({
      title: loaderData.title ? `Payouts: ${loaderData.title}` : 'Campaign payouts',
      description: 'Your campaign’s balance and payouts; request a payout against a bill.',
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

const requestFields = ['amount', 'purpose', 'billDocumentId', 'payee'] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const api = getApi(context, form);
  const here = `/campaigns/${params.id}/payouts`;
  if (intent === 'request') {
    const payee = formText(form, 'payee');
    const response = await api.payouts.request({
      params: { id: params.id },
      body: {
        amount: formText(form, 'amount'),
        purpose: formText(form, 'purpose'),
        billDocumentId: formText(form, 'billDocumentId'),
        ...(payee ? { payee } : {}),
      },
    });
    if (!response.ok) {
      return actionFailure(response, 'The payout could not be requested.', {
        intent,
        values: echoValues(form, requestFields),
      });
    }
    return redirectWithFlash(
      request,
      here,
      { kind: 'success', message: apiMessage(response.body, payoutTexts.requested) },
      response.setCookies,
    );
  }
  if (intent === 'cancel') {
    const response = await api.payouts.cancel({ params: { id: formText(form, 'payoutId') } });
    if (!response.ok) {
      return actionFailure(response, 'The payout could not be cancelled.', { intent });
    }
    return redirectWithFlash(
      request,
      here,
      { kind: 'success', message: apiMessage(response.body, payoutTexts.cancelled) },
      response.setCookies,
    );
  }
  return formFailure('Choose what to do with the payouts.', { intent });
}

export default function CampaignPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { payouts, balance, payees, blocked, bills, title } = loaderData;
  const requestResult = resultFor(actionData, 'request');
  const otherResult = actionData && actionData.intent !== 'request' ? actionData : undefined;
  const payable = payees.hospital.allowed || payees.beneficiary.allowed;
  return (
    <>
      <ActionToast result={actionData} />
      <OrganiserPageHeader campaign={title} title="Payouts" width="wide">
        <p className="mt-3 max-w-2xl text-slate-700">
          Ask for money against a bill attached to your campaign. An admin checks it, and a
          different admin releases the transfer.
        </p>
      </OrganiserPageHeader>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 md:px-6 md:py-12">
        <FormAlert message={otherResult?.ok === false ? otherResult.message : undefined} />
        <PayoutBalance balance={balance} />
        {blocked ? (
          <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
            <h2 className="font-bold text-amber-900">No payout can be requested now</h2>
            <p className="mt-1 break-words text-amber-900">{blocked}</p>
          </div>
        ) : !payable ? (
          <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
            <h2 className="font-bold text-amber-900">Nobody can be paid yet</h2>
            {payees.hospital.reason ? (
              <p className="mt-1 text-amber-900">{payees.hospital.reason}</p>
            ) : null}
            {payees.beneficiary.reason ? (
              <p className="mt-1 text-amber-900">{payees.beneficiary.reason}</p>
            ) : null}
          </div>
        ) : balance.available <= 0 ? (
          <p className="text-slate-800">There is no money available to request right now.</p>
        ) : (
          <PayoutRequestForm
            available={balance.available}
            payees={payees}
            bills={bills}
            result={requestResult}
          />
        )}
        <CampaignPayoutList payouts={payouts} />
        <BackToCampaigns />
      </div>
    </>
  );
}

/** Unknown ids and other members' campaigns get the not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CampaignLoadError error={error} />;
}
