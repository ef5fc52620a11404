import { errorTexts } from '@ipatient/contracts/errors';
import { moneyTexts } from '@ipatient/contracts/money';
import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { safeLocalPath } from '../../lib/safe-path.ts';
import { moneyPaths, readNaira } from './money-query.ts';
import { refundIntent } from './refund-action.tsx';
import { readRefundIntent } from './refund-actions.tsx';

type Context = Readonly<RouterContextProvider>;

/** Back to the list the admin posted from (filters and page kept), never another page. */
function backTo(form: FormData, path: string): string {
  const back = safeLocalPath(formText(form, 'returnTo'), path);
  return back === path || back.startsWith(`${path}?`) ? back : path;
}

/** POST on the donations list: refund one donation (`intent` = refund:<donation id>). */
export async function refundDonation(context: Context, request: Request) {
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = intent.startsWith('refund:') ? intent.slice('refund:'.length) : '';
  if (!id || intent !== refundIntent(id)) {
    return formFailure('Choose the donation to refund.', { intent });
  }
  const values = { amount: formText(form, 'amount'), reason: formText(form, 'reason') };
  const amount = readNaira(values.amount);
  if (amount === null) {
    const message = 'Amount must be a number of naira';
    return formFailure(message, { intent, values, errors: { amount: message } });
  }
  const response = await getApi(context, form).money.refund({
    params: { id },
    body: { reason: values.reason, ...(amount === undefined ? {} : { amount }) },
  });
  if (!response.ok) {
    return actionFailure(response, 'The donation could not be refunded.', { intent, values });
  }
  return redirectWithFlash(
    request,
    backTo(form, moneyPaths.donations),
    { kind: 'success', message: apiMessage(response.body, moneyTexts.refundStarted) },
    response.setCookies,
  );
}

/** POST on the refunds list: retry a refund, or (sandbox) settle one as processed or failed. */
export async function refundListAction(context: Context, request: Request) {
  const form = await readFormData(request);
  const value = formText(form, 'intent');
  const chosen = readRefundIntent(value);
  if (!chosen) return formFailure('Choose what to do with the refund.', { intent: value });
  const api = getApi(context, form);
  const params = { id: chosen.id };
  const response =
    chosen.intent === 'retry'
      ? await api.money.retryRefund({ params })
      : await api.money.sandboxSettleRefund({
          params,
          body: { outcome: chosen.intent === 'settle-processed' ? 'processed' : 'failed' },
        });
  if (!response.ok) {
    return actionFailure(response, errorTexts.default, { intent: value });
  }
  const { status } = response.body.result;
  const message =
    chosen.intent === 'retry'
      ? apiMessage(response.body, moneyTexts.refundStarted)
      : status === 'processed'
        ? moneyTexts.refundProcessed
        : status === 'failed'
          ? moneyTexts.refundRefused
          : apiMessage(response.body);
  return redirectWithFlash(
    request,
    backTo(form, moneyPaths.refunds),
    { kind: 'success', message },
    response.setCookies,
  );
}
