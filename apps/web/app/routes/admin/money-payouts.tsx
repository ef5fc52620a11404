import type { TMoneyPayout } from '@ipatient/contracts/money';
import { payoutStatuses, payoutStatusLabels } from '@ipatient/contracts/money-rules';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import { moneyListRequest, moneyPageSize } from '../../features/money/money-list.ts';
import { listPageHref, moneyHref, moneyPaths, statusOf } from '../../features/money/money-query.ts';
import { MoneyFilterFields, MoneyTabs, MoneyTotals } from '../../features/money/money-section.tsx';
import { naira, shownText } from '../../features/money/money-text.tsx';
import { PayoutStatusPill } from '../../features/payouts/payout-text.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/money-payouts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Payouts · Money · Admin',
    description:
      'Every payout by status, campaign and day, with the totals of the filter and its CSV.',
  });
}

const path = moneyPaths.payouts;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { read, query } = moneyListRequest('payouts', request.url);
  const body = await readBody(
    'GET admin money payouts',
    getApi(context).money.payouts({ query: { ...query, status: statusOf(payoutStatuses, read) } }),
  );
  return {
    read,
    list: body ? toListPage(body, (row) => row) : null,
    totals: body?.totals ?? null,
  };
}

const linkClass = 'text-brand-800 underline underline-offset-2 hover:text-brand-900';

const columns: AdminTableColumn<TMoneyPayout>[] = [
  {
    header: 'Amount',
    rowHeader: true,
    className: 'whitespace-nowrap',
    cell: (row) => (
      <Link to={`/admin/payouts/${row._id}`} className={linkClass}>
        {naira(row.amount)}
        <span className="sr-only"> payout {row.reference}</span>
      </Link>
    ),
  },
  {
    header: 'Campaign',
    cell: (row) => (
      <Link to={moneyHref(path, { campaignId: row.campaignId })} className={linkClass}>
        {row.campaignTitle}
        <span className="sr-only"> (show only its rows)</span>
      </Link>
    ),
  },
  {
    header: 'Payee',
    cell: (row) => (
      <>
        <span className="block">
          {row.payeeKind === 'hospital' ? 'Hospital' : 'Beneficiary'}: {row.payeeName}
        </span>
        <span className="block text-slate-600">
          {row.bankName} {row.account}
        </span>
      </>
    ),
  },
  { header: 'Purpose', cell: (row) => row.purpose },
  { header: 'Status', cell: (row) => <PayoutStatusPill status={row.status} /> },
  {
    header: 'Requested',
    className: 'min-w-[9rem]',
    cell: (row) => (
      <>
        <time dateTime={row.requestedAt}>{formatDateTime(row.requestedAt)}</time>
        {row.paidAt ? (
          <span className="block text-slate-600">
            Paid <time dateTime={row.paidAt}>{formatDateTime(row.paidAt)}</time>
          </span>
        ) : null}
      </>
    ),
  },
];

export default function AdminMoneyPayouts({ loaderData }: Route.ComponentProps) {
  const { read, list, totals } = loaderData;
  const campaignTitle = list?.rows.find(
    (row) => row.campaignId === read.filters.campaignId,
  )?.campaignTitle;
  const filtered = Object.values(read.filters).some(Boolean);
  return (
    <>
      <AdminPageHeader
        title="Payouts"
        lead={
          <p>
            Every payout of every campaign, newest request first (read only). Open one to approve,
            release or refuse it.
          </p>
        }
      />
      <MoneyTabs current="payouts" read={read} />
      <AdminFilters action={path} label="Filter payouts">
        <MoneyFilterFields
          list="payouts"
          read={read}
          statusLabels={payoutStatusLabels}
          campaignTitle={campaignTitle}
          searchHint="Reference or payee’s name"
        />
      </AdminFilters>
      {totals ? <MoneyTotals list="payouts" read={read} totals={totals} /> : null}
      <AdminResults
        list={list}
        failure="The payouts could not be loaded. Please try again."
        summary={shownText(list, moneyPageSize, 'payouts')}
        paginationLabel="Payout pages"
        hrefFor={(next) => listPageHref(path, read, next)}
      >
        <AdminTable
          caption="Payouts"
          captionHidden
          columns={columns}
          rows={list?.rows ?? []}
          rowKey={(row) => row._id}
          empty={
            <EmptyState title="No payouts here">
              <p>{filtered ? 'No payout matches these filters.' : 'No payout yet.'}</p>
            </EmptyState>
          }
        />
      </AdminResults>
    </>
  );
}
