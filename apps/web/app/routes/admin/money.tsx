import { donationStatuses } from '@ipatient/contracts/donation-rules';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminFilters } from '../../features/admin/admin-filters.tsx';
import { toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { AdminTable } from '../../features/admin/admin-table.tsx';
import { refundDonation } from '../../features/money/money-actions.server.ts';
import { donationColumns } from '../../features/money/money-columns.tsx';
import { moneyListRequest, moneyPageSize } from '../../features/money/money-list.ts';
import { listPageHref, moneyHref, moneyPaths, statusOf } from '../../features/money/money-query.ts';
import { MoneyFilterFields, MoneyTabs, MoneyTotals } from '../../features/money/money-section.tsx';
import { donationStatusLabels, shownText } from '../../features/money/money-text.tsx';
import { RefundAction, refundIntent } from '../../features/money/refund-action.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/money';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Donations · Money · Admin',
    description:
      'Every donation by status, campaign or fund and day, with the totals of the filter, its CSV, and refunds.',
  });
}

const path = moneyPaths.donations;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { read, page, confirm, query } = moneyListRequest('donations', request.url);
  const body = await readBody(
    'GET admin money donations',
    getApi(context).money.donations({
      query: { ...query, status: statusOf(donationStatuses, read) },
    }),
  );
  return {
    read,
    page,
    list: body ? toListPage(body, (row) => row) : null,
    totals: body?.totals ?? null,
    confirm,
  };
}

/** Refunds a donation of the list (the row's form), then back to the list as it was. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  return refundDonation(context, request);
}

export default function AdminMoneyDonations({ loaderData, actionData }: Route.ComponentProps) {
  const { read, page, list, totals, confirm } = loaderData;
  const here = listPageHref(path, read, page);
  const rows = list?.rows ?? [];
  const refused = actionData && !actionData.ok ? actionData : undefined;
  // A refused refund shows at its row; anything else (or a row no longer listed) above the list.
  const atRow = refused && rows.some((row) => refundIntent(row._id) === refused.intent);
  const campaignTitle = rows.find(
    (row) => row.campaignId === read.filters.campaignId,
  )?.campaignTitle;
  const filtered = Object.values(read.filters).some(Boolean);
  return (
    <>
      <AdminPageHeader
        title="Donations"
        lead={
          <p>
            Every gift to a campaign or to the Green-Heart fund, newest first. A paid donation can
            be refunded, whole or in part, from the money not yet paid out.
          </p>
        }
      />
      <MoneyTabs current="donations" read={read} />
      <AdminFilters action={path} label="Filter donations">
        <MoneyFilterFields
          list="donations"
          read={read}
          statusLabels={donationStatusLabels}
          campaignTitle={campaignTitle}
          searchHint="Reference or donor’s email"
        />
      </AdminFilters>
      {totals ? <MoneyTotals list="donations" read={read} totals={totals} /> : null}
      <FormAlert message={refused && !atRow ? refused.message : undefined} />
      <AdminResults
        list={list}
        failure="The donations could not be loaded. Please try again."
        summary={shownText(list, moneyPageSize, 'donations')}
        paginationLabel="Donation pages"
        hrefFor={(next) => listPageHref(path, read, next)}
      >
        <AdminTable
          caption="Donations"
          captionHidden
          columns={donationColumns({
            hrefForPot: (pot) => moneyHref(path, { campaignId: pot }),
            actions: (row) => (
              <RefundAction
                donation={row}
                here={here}
                confirm={confirm}
                refused={refused?.intent === refundIntent(row._id) ? refused : undefined}
              />
            ),
          })}
          rows={rows}
          rowKey={(row) => row._id}
          empty={
            <EmptyState title="No donations here">
              <p>{filtered ? 'No donation matches these filters.' : 'No donation yet.'}</p>
            </EmptyState>
          }
        />
      </AdminResults>
      <ActionToast result={actionData} />
    </>
  );
}
