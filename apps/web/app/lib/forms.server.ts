import type { ApiErrorBody } from '@ipatient/contracts/endpoints/client';
import { errorTexts } from '@ipatient/contracts/errors';
import { data, redirect } from 'react-router';

import type { ToastKind } from './flash.ts';
import { type ActionResult, correctFieldsLead, correctFieldsMessage, fieldLabel } from './forms.ts';
import { flashSetCookie } from './session.server.ts';

/**
 * The posted form. A body that is not a readable form (a broken multipart body, JSON, text)
 * answers 400 with a plain message instead of failing the page with a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data('This form could not be read. Please go back and send it again.', { status: 400 });
  }
}

/** A text field of a posted form; '' when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** What the web reads of an API answer's body: its message, field errors and retry time. */
type AnswerBody = Pick<ApiErrorBody, 'message' | 'errors' | 'retryAfter'>;

/** What `actionFailure` reads of a refused call. */
interface Refusal {
  status: number;
  body: AnswerBody;
  setCookies: readonly string[];
}

/** The API's own message, or the generic one when it sent none. */
export function apiMessage(
  body: { message?: string | undefined },
  fallback: string = errorTexts.default,
): string {
  return body.message?.trim() ? body.message : fallback;
}

function apiFieldErrors(body: AnswerBody, rename: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.errors ?? {})) {
    result[rename[field] ?? field] = message;
  }
  return result;
}

/**
 * The API's message with fields named as the page names them: "Please correct these fields:
 * email, firstName" becomes "… Email, First name.", and "acceptTerms: Required" starts with the
 * label instead of the code name.
 */
function readableMessage(
  message: string,
  errors: Record<string, string>,
  rename: Record<string, string>,
): string {
  const names = Object.keys(errors);
  if (names.length === 0) return message;
  if (message.startsWith(correctFieldsLead)) return correctFieldsMessage(names);
  for (const [apiName, pageName] of Object.entries(rename)) {
    if (message.startsWith(`${apiName}: `)) {
      return `${fieldLabel(pageName)}: ${message.slice(apiName.length + 2)}`;
    }
  }
  for (const name of names) {
    if (message.startsWith(`${name}: `)) {
      return `${fieldLabel(name)}: ${message.slice(name.length + 2)}`;
    }
  }
  return message;
}

function retryAfterOf(body: AnswerBody): number | undefined {
  return body.retryAfter !== undefined && body.retryAfter > 0
    ? Math.ceil(body.retryAfter)
    : undefined;
}

/** Adds the API's Set-Cookie values (session cookies) to a response's headers. */
export function withCookies(cookies: readonly string[], headers = new Headers()): Headers {
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

interface FailureOptions {
  /** Which of the page's forms was sent, so only that one shows the errors. */
  intent?: string;
  /** What the visitor typed, to fill the form again when the page is rendered by the server. */
  values?: Record<string, string>;
  /** API field names that the page's form calls differently (`emailOtp` → `code`). */
  rename?: Record<string, string>;
  /** Set-Cookie values to send along. */
  cookies?: readonly string[];
}

/**
 * The page again, with the API's message and per-field errors: the form shows them next to the
 * fields, before and after the JavaScript has loaded.
 */
export function actionFailure(response: Refusal, fallback: string, options: FailureOptions) {
  const status = response.status >= 400 && response.status < 600 ? response.status : 500;
  const rename = options.rename ?? {};
  const errors = apiFieldErrors(response.body, rename);
  const result: ActionResult = {
    ok: false,
    intent: options.intent ?? '',
    message: readableMessage(apiMessage(response.body, fallback), errors, rename),
    errors,
    values: options.values ?? {},
    retryAfter: retryAfterOf(response.body),
    toastId: crypto.randomUUID(),
  };
  return data(result, {
    status,
    headers: withCookies([...response.setCookies, ...(options.cookies ?? [])]),
  });
}

/** A failure found before calling the API (a missing file, a mistyped code). */
export function formFailure(
  message: string,
  options: FailureOptions & { errors?: Record<string, string> },
) {
  const result: ActionResult = {
    ok: false,
    intent: options.intent ?? '',
    message,
    errors: options.errors ?? {},
    values: options.values ?? {},
    toastId: crypto.randomUUID(),
  };
  return data(result, { status: 400, headers: withCookies(options.cookies ?? []) });
}

/**
 * Post/Redirect/Get: after a successful post the browser loads `to`, which shows `message` as a
 * toast (a flash cookie read by the root loader), and the session cookies the API set arrive.
 */
export function redirectWithFlash(
  request: Request,
  to: string,
  flash: { kind: ToastKind; message: string },
  cookies: readonly string[] = [],
) {
  const headers = withCookies(cookies);
  headers.append('Set-Cookie', flashSetCookie(request, flash.kind, flash.message));
  return redirect(to, { status: 303, headers });
}

/** The fields of a form to send back with a failure (never passwords or the CSRF token). */
export function echoValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) values[name] = formText(form, name);
  return values;
}
