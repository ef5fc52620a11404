import type { TUser } from '@ipatient/contracts/accounts';
import type { ApiFailure } from '@ipatient/contracts/endpoints/client';
import type { RouterContextProvider } from 'react-router';
import { type Api, getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { requireUser } from '../../lib/session.server.ts';

/**
 * The server side of the account's pages (/account and its pages /account/phone, /privacy,
 * /data and /delete): members only, a visitor is sent to log in and comes back to the page.
 * Each form posts as HTML to its page's action, which calls the API as the member and then
 * loads a page again with a toast (Post/Redirect/Get), or shows the refusal on the form.
 */

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The one read of an account page, as the signed-in member (undefined: it failed, logged). */
export async function readForMember<T>(
  { request, context }: PageArgs,
  what: string,
  call: (api: Api) => Parameters<typeof readBody<T>>[1],
): Promise<T | undefined> {
  await requireUser(context, request);
  return readBody(what, call(getApi(context)));
}

/** What a form's API call answered: a success (with its message, if any) or a refusal. */
type Sent = { ok: true; body: { message?: string }; setCookies: readonly string[] } | ApiFailure;

/** One form of an account page. */
export interface MemberForm {
  /** A mistake found before calling the API (a box not ticked): its message and fields. */
  check?(form: FormData): { message: string; errors?: Record<string, string> } | undefined;
  /** The form's call to the API, as the signed-in member. */
  send(api: Api, form: FormData, user: TUser): Promise<Sent>;
  /** The page loaded after a success, and its toast when the API's answer has no message. */
  to: string;
  done: string;
  /** The refusal's message when the API gives none; the page's `failure` otherwise. */
  failure?: string;
  /** What the visitor typed, to fill the form again after a refusal (never a password). */
  values?(form: FormData): Record<string, string>;
}

export interface MemberForms {
  /**
   * The message of a refusal the API says nothing of, and of a post no form of the page sent:
   * "Sorry, we could not save that. Please try again." unless the page says otherwise.
   */
  failure?: string;
  /** The page's forms by the `intent` they post. */
  intents?: Record<string, MemberForm>;
  /**
   * The form that takes every other post (a page with one form posts no intent), and the
   * intent its refusal is shown on. Without it, a post of another intent is refused.
   */
  other?: MemberForm & { intent: string };
}

/** The action of an account page: the posted form's check, call, then its page or refusal. */
export async function memberAction({ request, context }: PageArgs, page: MemberForms) {
  const failure = page.failure ?? 'Sorry, we could not save that. Please try again.';
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  const posted = formText(form, 'intent');
  const named =
    page.intents && Object.hasOwn(page.intents, posted) ? page.intents[posted] : undefined;
  const chosen = named ?? page.other;
  if (!chosen) return formFailure(failure, { intent: posted });
  const intent = named ? posted : (page.other?.intent ?? '');
  const mistake = chosen.check?.(form);
  if (mistake) return formFailure(mistake.message, { intent, errors: mistake.errors ?? {} });
  const response = await chosen.send(getApi(context, form), form, user);
  if (!response.ok) {
    return actionFailure(response, chosen.failure ?? failure, {
      intent,
      values: chosen.values?.(form) ?? {},
    });
  }
  return redirectWithFlash(
    request,
    chosen.to,
    { kind: 'success', message: apiMessage(response.body, chosen.done) },
    response.setCookies,
  );
}
