import type { RouterContextProvider } from 'react-router';
import { rawApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { callApiWithForm } from '../../lib/forms.server.ts';
import { safeLocalPath } from '../../lib/safe-path.ts';

type Context = Readonly<RouterContextProvider>;

/** The record of a `{result}` answer, 'not-found' (404, 400) or 'error'. */
export async function fetchResult<T>(
  context: Context,
  path: string,
): Promise<{ kind: 'found'; result: T } | { kind: 'not-found' } | { kind: 'error' }> {
  try {
    const response = await rawApi(context)(path);
    if (response.status === 200) {
      return { kind: 'found', result: (response.body as { result: T }).result };
    }
    if (response.status === 404 || response.status === 400) return { kind: 'not-found' };
    return { kind: 'error' };
  } catch (error) {
    rethrowIfUnavailable(error);
    console.error(`GET ${path} failed`, error);
    return { kind: 'error' };
  }
}

/** A multipart body of these fields and files, as the API's upload routes read it. */
async function multipartBody(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://local', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** Sends `upload` as multipart/form-data to the API, with the posted form's CSRF token. */
export async function callApiMultipart(
  context: Context,
  form: FormData,
  path: string,
  method: 'POST' | 'PUT',
  upload: FormData,
) {
  const { body, contentType } = await multipartBody(upload);
  return callApiWithForm(context, form, path, {
    method,
    body,
    headers: { 'content-type': contentType },
  });
}

/**
 * A safe in-app return address under `prefix` from a posted field (else `fallback`). The path
 * is resolved first, so `/admin/reviews/../..//evil` is judged by where it leads.
 */
export function returnPath(value: string, prefix: string, fallback: string): string {
  const path = safeLocalPath(value, fallback);
  const rest = path.slice(prefix.length);
  return path.startsWith(prefix) && (rest === '' || /^[/?#]/.test(rest)) ? path : fallback;
}
