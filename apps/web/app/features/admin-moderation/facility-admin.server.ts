import type { RouterContextProvider } from 'react-router';
import {
  actionFailure,
  apiMessage,
  callApiWithForm,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { confirmParam } from '../admin/confirm-action.tsx';

type Context = Readonly<RouterContextProvider>;

/** DELETE /admin/facilities/{id}, then back to `to` (without the confirmation step). */
export async function deleteFacility(
  request: Request,
  context: Context,
  form: FormData,
  id: string,
  to: string,
) {
  const response = await callApiWithForm(
    context,
    form,
    `/admin/facilities/${encodeURIComponent(id)}`,
    { method: 'DELETE' },
  );
  if (response.status !== 200) {
    return actionFailure(response, 'The facility could not be deleted.', { intent: 'delete' });
  }
  const url = new URL(to, 'http://localhost');
  url.searchParams.delete(confirmParam);
  return redirectWithFlash(
    request,
    `${url.pathname}${url.search}`,
    { kind: 'success', message: apiMessage(response.body, 'Facility deleted') },
    response.setCookies,
  );
}
