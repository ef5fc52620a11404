import { cookieChoiceName } from '@ipatient/contracts/consents';
import { data, type RouterContextProvider, redirect } from 'react-router';
import {
  consentFromForm,
  consentSetCookie,
  parseIntent,
  safeReturnPath,
} from '../features/cookie-consent/consent.server.ts';
import type { CookieConsent } from '../features/cookie-consent/consent.ts';
import { getApi } from '../lib/api-context.ts';
import { readFormData, redirectWithFlash } from '../lib/forms.server.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/cookie-consent';

/** Nothing to show at this address; people who land here get the policy. */
export function loader() {
  return redirect('/cookie-policy');
}

/**
 * Stores the cookie choice. Plain form posts (no JavaScript yet) are redirected back to the page
 * they came from; the inline enhancement asks for JSON and stays on the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Another site must not be able to set a visitor's choice for them.
  if (request.headers.get('Sec-Fetch-Site') === 'cross-site') {
    throw data('Cross-site request refused', { status: 403 });
  }
  const form = await readFormData(request);
  const intent = parseIntent(form.get('intent'));
  const returnTo = safeReturnPath(form.get('returnTo'));
  if (!intent) {
    throw data('Unknown cookie choice', { status: 400 });
  }
  if (intent === 'settings') {
    const params = new URLSearchParams({ returnTo });
    return redirect(`/cookie-policy?${params}#cookie-settings`, 303);
  }
  const consent = consentFromForm(intent, form);
  await recordForMember(context, consent);
  const secure = new URL(request.url).protocol === 'https:';
  const headers = new Headers({ 'Set-Cookie': consentSetCookie(consent, secure) });
  if (request.headers.get('Accept')?.includes('application/json')) {
    headers.set('Cache-Control', 'no-store');
    return Response.json({ consent }, { headers });
  }
  // The cookie policy's own form confirms the choice in the form (`?saved=1`). Anywhere else the
  // page the visitor returns to says it at its top, until they move on.
  const back = new URL(returnTo, 'http://local');
  if (back.searchParams.has('saved')) return redirect(returnTo, { status: 303, headers });
  back.searchParams.set('cookie-choice', 'saved');
  return redirectWithFlash(
    request,
    `${back.pathname}${back.search}${back.hash}`,
    { kind: 'success', message: savedMessage },
    headers.getSetCookie(),
  );
}

const savedMessage =
  'Your cookie choices have been saved. You can change them at any time on the cookie policy page.';

/**
 * A signed-in member's choice is also kept in their consent record. The banner's forms carry no
 * CSRF field (visitors post them too); the session's own token stands in, which is safe because
 * cross-site posts are refused above and the session cookies are SameSite=Lax. The cookie is
 * set whatever the record's answer: the choice itself must never fail.
 */
async function recordForMember(
  context: Readonly<RouterContextProvider>,
  consent: CookieConsent,
): Promise<void> {
  const session = getSession(context);
  if (!(await session.user())) return;
  const token = new FormData();
  token.set('csrf', session.csrf);
  await getApi(context, token).consents.setCookies({
    body: { choice: cookieChoiceName(consent) },
  });
}
