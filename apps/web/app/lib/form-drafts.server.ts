import { csrfHeader } from '@ipatient/contracts/constants';
import {
  formDraftCookie,
  SECRET_FIELD,
  type TFormDraftFields,
} from '@ipatient/contracts/form-drafts';
import type { RouterContextProvider } from 'react-router';
import { getApi } from './api-context.ts';
import { readCookie } from './cookies.server.ts';
import { actionFailure, echoValues, redirectWithFlash } from './forms.server.ts';
import { getSession } from './session.server.ts';

/** What a draft fills in: one text per field (the first, for a field sent several times). */
export type DraftValues = Record<string, string>;

const loginMessage = 'Log in to send it. We keep what you wrote for an hour.';

/**
 * The page a form is on, whether the browser asked for the document (`/advocacy`) or, from a
 * page React runs, for its data (`/advocacy.data`, `/_.data` for the home page).
 */
function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  return pathname.replace(/\.data$/, '');
}

function loginPath(back: string): string {
  return `/login?${new URLSearchParams({ redirectTo: back })}`;
}

function draftFields(form: FormData, names: readonly string[]): TFormDraftFields {
  const fields: TFormDraftFields = {};
  for (const name of names) {
    if (SECRET_FIELD.test(name)) continue;
    const values = form.getAll(name).filter((value): value is string => typeof value === 'string');
    if (!values.some((value) => value.trim())) continue;
    fields[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return fields;
}

interface KeepOptions {
  /** The form's text fields to keep (never passwords or files: those are dropped). */
  fields: readonly string[];
  /** Where the login page sends the person back to: this page, at the form. */
  back: string;
  /** The form's intent, so a refusal shows at the right form. */
  intent?: string;
}

/**
 * A form that needs an account was sent by someone signed out (or whose session ended): keep
 * what they typed (PUT /form-drafts, keyed by an HttpOnly cookie) and send them to log in,
 * back to this page afterwards, where `takeDraft` fills the form again. When it cannot be kept
 * (too long, too many from this network) the page shows the form again with the text and why.
 */
export async function keepDraftAndLogin(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: FormData,
  options: KeepOptions,
): Promise<Response | ReturnType<typeof actionFailure>> {
  const fields = draftFields(form, options.fields);
  const setCookies: string[] = [];
  if (Object.keys(fields).length > 0) {
    const response = await getApi(context, form).formDrafts.save({
      body: { path: pagePath(request), fields },
    });
    if (!response.ok) {
      return actionFailure(response, 'What you wrote could not be kept. Please try again.', {
        ...(options.intent ? { intent: options.intent } : {}),
        values: echoValues(form, options.fields),
      });
    }
    setCookies.push(...response.setCookies);
  }
  return redirectWithFlash(
    request,
    loginPath(options.back),
    { kind: 'success', message: loginMessage },
    setCookies,
  );
}

/**
 * The draft kept for this page by `keepDraftAndLogin`, for a signed-in person who holds its
 * cookie; it is deleted as it is handed over, so it fills the form once. Null when there is none.
 */
export async function takeDraft(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<DraftValues | null> {
  if (!readCookie(request.headers.get('Cookie'), formDraftCookie)) return null;
  const session = getSession(context);
  if (!(await session.user())) return null;
  const response = await getApi(context).formDrafts.take({
    body: { path: pagePath(request) },
    headers: { [csrfHeader]: session.csrf },
  });
  if (!response.ok) return null;
  const fields = response.body.result?.fields;
  if (!fields) return null;
  const values: DraftValues = {};
  for (const [name, value] of Object.entries(fields)) {
    values[name] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  return values;
}
