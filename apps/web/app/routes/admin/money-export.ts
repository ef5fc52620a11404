import { moneyCsv } from '../../features/money/money-export.server.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import type { Route } from './+types/money-export';

/**
 * A money list as a CSV download (/admin/money/export/donations|payouts|refunds, with the
 * list's filters): a resource route, no page of its own.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return moneyCsv(context, request, params.list);
}
