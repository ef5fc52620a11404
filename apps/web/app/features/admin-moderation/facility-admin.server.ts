import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formText,
  redirectWithFlash,
} from '../../lib/forms.server.ts';

type Context = Readonly<RouterContextProvider>;

/** DELETE /admin/facilities/{id}, then back to `to` (an in-app path the route has checked). */
export async function deleteFacility(
  request: Request,
  context: Context,
  form: FormData,
  id: string,
  to: string,
) {
  const response = await getApi(context, form).facilities.remove({ params: { id } });
  if (!response.ok) {
    return actionFailure(response, 'The facility could not be deleted.', { intent: 'delete' });
  }
  return redirectWithFlash(
    request,
    to,
    { kind: 'success', message: apiMessage(response.body, 'Facility deleted') },
    response.setCookies,
  );
}

const payoutFailure: Record<string, string> = {
  'payout-save': 'The payout account could not be saved.',
  'payout-verify': 'The payout account could not be verified.',
  'payout-remove': 'The payout account could not be removed.',
};

/** Whether a posted intent is one of the payout account's forms. */
export function isPayoutIntent(intent: string): boolean {
  return Object.hasOwn(payoutFailure, intent);
}

/**
 * The payout account's forms on the facility edit page: save (PUT, the bank looks the name up),
 * verify (a second admin) and remove; each goes back to `to` with the API's message.
 */
export async function payoutAccountAction(
  request: Request,
  context: Context,
  form: FormData,
  id: string,
  to: string,
) {
  const intent = formText(form, 'intent');
  const api = getApi(context, form).facilities;
  const values = echoValues(form, ['bankCode', 'accountNumber']);
  values.confirmNameMatches = form.get('confirmNameMatches') === 'true' ? 'true' : 'false';
  const response =
    intent === 'payout-save'
      ? await api.setPayoutAccount({
          params: { id },
          body: {
            bankCode: values.bankCode ?? '',
            accountNumber: values.accountNumber ?? '',
            confirmNameMatches: values.confirmNameMatches === 'true',
          },
        })
      : intent === 'payout-verify'
        ? await api.verifyPayoutAccount({ params: { id } })
        : await api.removePayoutAccount({ params: { id } });
  if (!response.ok) {
    return actionFailure(response, payoutFailure[intent] ?? 'The payout account was not changed.', {
      intent,
      values,
    });
  }
  return redirectWithFlash(
    request,
    `${to}#payout-account`,
    { kind: 'success', message: apiMessage(response.body, 'Payout account saved') },
    response.setCookies,
  );
}
