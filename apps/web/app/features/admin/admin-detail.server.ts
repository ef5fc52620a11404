import type { ApiErrorBody } from '@ipatient/contracts/endpoints/client';
import { data, type RouterContextProvider } from 'react-router';
import { type Api, getApi } from '../../lib/api-context.ts';
import type { Lookup } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';

/**
 * What the loader of an admin page about one thing shows: the thing found, else the page
 * answers 404 with `missing` (unknown or malformed id) or 502 with `failed` (the API failed).
 */
export function foundOrThrow<T>(found: Lookup<T>, texts: { missing: string; failed: string }): T {
  if (found.kind === 'not-found') throw data(texts.missing, { status: 404 });
  if (found.kind === 'error') throw data(texts.failed, { status: 502 });
  return found.value;
}

/** The answer of an intent's call, as far as the action reads it. */
type IntentAnswer =
  | { ok: true; body: { message?: string | undefined }; setCookies: readonly string[] }
  | { ok: false; status: number; body: ApiErrorBody; setCookies: readonly string[] };

/** What an intent does: its call to the API, and the message when the API sends none. */
export interface IntentCall {
  call: Promise<IntentAnswer>;
  done: string;
}

interface IntentActionOptions<I extends string> {
  /** The intents the page's forms send. */
  intents: readonly I[];
  /** The refusal of any other intent, e.g. "Choose what to do with the report." */
  choose: string;
  /** The message of a refusal the API gives none for, e.g. "The report could not be updated." */
  failed: string;
  /** The typed fields sent back with a refusal, to fill the form again. */
  echo: readonly string[];
  /** Where a success lands, with its message as a toast: the page itself. */
  back: string;
  send: (api: Api, intent: I, form: FormData) => IntentCall;
}

/**
 * The action of an admin page whose forms each name an `intent` (approve, release, close…):
 * it calls the API for the intent sent, then shows the page again with the refusal at the
 * form that sent it, or goes back to the page with the API's message as a toast.
 */
export async function intentAction<I extends string>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { intents, choose, failed, echo, back, send }: IntentActionOptions<I>,
) {
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const chosen = intents.find((value) => value === intent);
  if (chosen === undefined) return formFailure(choose, { intent });
  const { call, done } = send(getApi(context, form), chosen, form);
  const response = await call;
  if (!response.ok) {
    return actionFailure(response, failed, { intent, values: echoValues(form, echo) });
  }
  return redirectWithFlash(
    request,
    back,
    { kind: 'success', message: apiMessage(response.body, done) },
    response.setCookies,
  );
}
