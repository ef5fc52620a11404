import { data } from 'react-router';
import { getApi } from '../lib/api-context.ts';
import { requireUser } from '../lib/session.server.ts';
import type { Route } from './+types/account-data-download';

/**
 * The emailed link (/account/data/:id/download?token=…): the zip of the member's data, read
 * through the API as the signed-in member, who alone may have it. No page of its own.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(context, request);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const answer = await getApi(context).dataExports.download({
    params: { id: params.id },
    query: { token },
  });
  if (!answer.ok) {
    const message =
      answer.status === 410
        ? answer.body.message
        : 'This download link is not valid for your account. Please open the link from our email while signed in, or ask for a new copy.';
    throw data(message ?? 'This download link has expired.', {
      status: answer.status === 410 ? 410 : 404,
      headers: { 'cache-control': 'no-store' },
    });
  }
  // The zip streams through from storage as the API reads it: never whole in memory.
  return new Response(answer.body, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="ipatient-my-data.zip"',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
