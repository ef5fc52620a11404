import type { RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { actionFailure, apiMessage, redirectWithFlash } from '../../lib/forms.server.ts';

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
