import { donationStatuses } from '@ipatient/contracts/donation-rules';
import { payoutStatuses, refundStatuses } from '@ipatient/contracts/money-rules';
import { data, type RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { isMoneyList, moneyQuery, readMoneyFilters, statusOf } from './money-query.ts';

/**
 * A money list as a CSV download, read through the typed client (the API's CSV endpoints are
 * API routes; the browser asks the web). The same filters as the list page; at most the
 * API's row limit, newest first.
 */
export async function moneyCsv(
  context: Readonly<RouterContextProvider>,
  request: Request,
  list: string | undefined,
): Promise<Response> {
  if (!isMoneyList(list)) throw data('There is no such list to download.', { status: 404 });
  const read = readMoneyFilters(list, new URL(request.url).searchParams);
  const wrong = Object.values(read.errors)[0];
  if (wrong) throw data(wrong, { status: 400 });
  const query = moneyQuery(read);
  const api = getApi(context).money;
  const answer =
    list === 'donations'
      ? await api.donationsCsv({ query: { ...query, status: statusOf(donationStatuses, read) } })
      : list === 'payouts'
        ? await api.payoutsCsv({ query: { ...query, status: statusOf(payoutStatuses, read) } })
        : await api.refundsCsv({ query: { ...query, status: statusOf(refundStatuses, read) } });
  if (!answer.ok) {
    throw data(answer.body.message ?? 'The CSV file could not be made. Please try again.', {
      status: answer.status >= 400 ? answer.status : 502,
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(answer.body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ipatient-${list}-${day}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
