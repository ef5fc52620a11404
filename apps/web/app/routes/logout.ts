import { errorTexts } from '@ipatient/contracts/errors';
import { redirect } from 'react-router';
import { getApi } from '../lib/api-context.ts';
import { apiMessage, readFormData, redirectWithFlash } from '../lib/forms.server.ts';
import type { Route } from './+types/logout';

/** Nothing to show here; signing out is a POST. */
export function loader() {
  return redirect('/');
}

/** Signs out (the API clears its cookies) and goes to the login page (docs/product.md#sessions). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const response = await getApi(context, form).auth.logout();
  if (!response.ok) {
    return redirectWithFlash(
      request,
      '/',
      { kind: 'error', message: apiMessage(response.body, errorTexts.default) },
      response.setCookies,
    );
  }
  return redirectWithFlash(
    request,
    '/login',
    { kind: 'success', message: apiMessage(response.body, 'You are logged out.') },
    response.setCookies,
  );
}
