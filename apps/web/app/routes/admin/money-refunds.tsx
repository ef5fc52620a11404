import { refundStatuses } from '@ipatient/contracts/money-rules';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { AdminTable } from '../../features/admin/admin-table.tsx';
import { refundListAction } from '../../features/money/money-actions.server.ts';
import { refundColumns } from '../../features/money/money-columns.tsx';
import { moneyListRequest, moneyPageSize } from '../../features/money/money-list.ts';
import { listPageHref, moneyHref, moneyPaths, statusOf } from '../../features/money/money-query.ts';
import { MoneyFilterFields, MoneyTabs, MoneyTotals } from '../../features/money/money-section.tsx';
import { refundStatusLabels, shownText } from '../../features/money/money-text.tsx';
import { RefundActions } from '../../features/money/refund-actions.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import { getPageContext } from '../../lib/page-context.ts';
import type { Route } from './+types/money-refunds';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Refunds · Money · Admin',
    description:
      'Every refund by status, campaign or fund and day, with the totals of the filter and its CSV; retry one the payment service never answered.',
  });
}

const path = moneyPaths.refunds;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { read, page, confirm, query } = moneyListRequest('refunds', request.url);
  const body = await readBody(
    'GET admin money refunds',
    getApi(context).money.refunds({ query: { ...query, status: statusOf(refundStatuses, read) } }),
  );
  return {
    read,
    page,
    list: body ? toListPage(body, (row) => row) : null,
    totals: body?.totals ?? null,
    confirm,
    // The sandbox bank's buttons exist only where the API has their route: a sandbox site.
    sandbox: getPageContext(context).sandbox ?? false,
  };
}

/** Retries a refund, or settles one in the sandbox bank; then back to the list as it was. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  return refundListAction(context, request);
}

export default function AdminMoneyRefunds({ loaderData, actionData }: Route.ComponentProps) {
  const { read, page, list, totals, confirm, sandbox } = loaderData;
  const here = listPageHref(path, read, page);
  const rows = list?.rows ?? [];
  const campaignTitle = rows.find(
    (row) => row.campaignId === read.filters.campaignId,
  )?.campaignTitle;
  const filtered = Object.values(read.filters).some(Boolean);
  return (
    <>
      <AdminPageHeader
        title="Refunds"
        lead={
          <p>
            Every refund, newest first. A pending refund waits for the payment service’s answer; one
            it never received can be sent again. Start a refund from the donations list.
          </p>
        }
      />
      <MoneyTabs current="refunds" read={read} />
      <AdminFilters action={path} label="Filter refunds">
        <MoneyFilterFields
          list="refunds"
          read={read}
          statusLabels={refundStatusLabels}
          campaignTitle={campaignTitle}
          searchHint="Donation reference or donor’s email"
        />
      </AdminFilters>
      {totals ? <MoneyTotals list="refunds" read={read} totals={totals} /> : null}
      <FormAlert message={actionData && !actionData.ok ? actionData.message : undefined} />
      <AdminResults
        list={list}
        failure="The refunds could not be loaded. Please try again."
        summary={shownText(list, moneyPageSize, 'refunds')}
        paginationLabel="Refund pages"
        hrefFor={(next) => listPageHref(path, read, next)}
      >
        <AdminTable
          caption="Refunds"
          captionHidden
          columns={refundColumns({
            hrefForPot: (pot) => moneyHref(path, { campaignId: pot }),
            actions: (row) => (
              <RefundActions refund={row} here={here} confirm={confirm} sandbox={sandbox} />
            ),
          })}
          rows={rows}
          rowKey={(row) => row._id}
          empty={
            <EmptyState title="No refunds here">
              <p>{filtered ? 'No refund matches these filters.' : 'No refund yet.'}</p>
            </EmptyState>
          }
        />
      </AdminResults>
      <ActionToast result={actionData} />
    </>
  );
}
