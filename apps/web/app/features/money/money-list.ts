import { confirmParam } from '../../components/admin/confirm-action.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { type MoneyList, moneyQuery, readMoneyFilters } from './money-query.ts';

/** Rows on one page of a money list. */
export const moneyPageSize = 20;

/**
 * What a money list page asks the API for: the filters of its address (wrong ones kept with
 * their message), the page and its size. The status is typed by the page, with `statusOf`.
 */
export function moneyListRequest(list: MoneyList, url: string) {
  const params = new URL(url).searchParams;
  const read = readMoneyFilters(list, params);
  const page = pageNumber(params.get('page'));
  return {
    read,
    page,
    /** The row whose action is being confirmed on the page (no script). */
    confirm: params.get(confirmParam),
    query: { ...moneyQuery(read), page, limit: moneyPageSize },
  };
}
