import type { ApiFailure } from '@ipatient/contracts/endpoints/client';
import type { RouterContextProvider } from 'react-router';
import { confirmParam } from '../../components/admin/confirm-action.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { type Api, getApi } from '../../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';

type Context = Readonly<RouterContextProvider>;

/** What each category call answers: a message on success, the API's refusal otherwise. */
type CategoryAnswer = { ok: true; body: { message: string }; setCookies: string[] } | ApiFailure;

/** The API calls of one kind of category (blog or podcast). */
export interface CategoryEndpoints {
  /** The admin screen's own path, where every action comes back to. */
  path: string;
  create: (api: Api, name: string) => Promise<CategoryAnswer>;
  update: (api: Api, id: string, name: string) => Promise<CategoryAnswer>;
  remove: (api: Api, id: string) => Promise<CategoryAnswer>;
  /** Words of the success toasts when the API sends none ('Podcast category'). */
  noun: string;
}

/** The category screen's loader: the list, and which delete is being confirmed (no JS). */
export async function loadCategoryScreen<T>(
  context: Context,
  request: Request,
  fetchList: (context: Context) => Promise<T[] | null>,
) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  return {
    categories: await fetchList(context),
    current: `${url.pathname}${url.search}`,
    confirm: url.searchParams.get(confirmParam),
  };
}

/** Create, rename (`rename-{id}`) and delete, each back to the screen with a toast. */
export async function categoryAction(
  context: Context,
  request: Request,
  endpoints: CategoryEndpoints,
) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'categoryId');
  const api = getApi(context, form);
  const done = (message: string, cookies: readonly string[]) =>
    redirectWithFlash(request, endpoints.path, { kind: 'success', message }, cookies);

  if (intent === 'create') {
    const response = await endpoints.create(api, formText(form, 'name'));
    if (!response.ok) {
      return actionFailure(response, 'The category could not be added.', {
        intent,
        values: echoValues(form, ['name']),
      });
    }
    return done(apiMessage(response.body, `${endpoints.noun} created`), response.setCookies);
  }
  if (!id) return formFailure('Choose a category first.', { intent });
  if (intent === `rename-${id}`) {
    const response = await endpoints.update(api, id, formText(form, 'name'));
    if (!response.ok) {
      return actionFailure(response, 'The category could not be renamed.', {
        intent,
        values: echoValues(form, ['name']),
      });
    }
    return done(apiMessage(response.body, `${endpoints.noun} updated`), response.setCookies);
  }
  if (intent === 'delete') {
    const response = await endpoints.remove(api, id);
    if (!response.ok) {
      return actionFailure(response, 'The category could not be deleted.', { intent });
    }
    return done(apiMessage(response.body, `${endpoints.noun} deleted`), response.setCookies);
  }
  return formFailure('Unknown action.', { intent });
}
