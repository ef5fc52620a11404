import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { SearchForm } from '../../components/ui/search-form.tsx';
import { listHref, queryText, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { AdminTable, type AdminTableColumn } from '../../features/admin/admin-table.tsx';
import {
  type AdminCampaignRow,
  CampaignStatusPill,
  CampaignStatusTabs,
  campaignFilters,
  readCampaignFilter,
  toAdminCampaignRow,
} from '../../features/admin-moderation/campaign-admin.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/campaigns';

export function meta() {
  return pageMeta({
    title: 'Campaigns · Admin',
    description: 'Review submitted campaigns, and find any campaign by status or words.',
  });
}

const pageSize = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const status = readCampaignFilter(params.get('status'));
  const search = queryText(params, 'search', campaignLimits.searchMax);
  const page = pageNumber(params.get('page'));
  const api = getApi(context);
  const [body, winnersBody] = await Promise.all([
    readBody(
      'GET admin campaigns',
      api.campaigns.adminList({
        query: { status: status === 'all' ? undefined : status, search, page, limit: pageSize },
      }),
    ),
    readBody('GET weekly winners', api.campaigns.weeklyWinners({ query: { limit: 8 } })),
  ]);
  const winners = (winnersBody?.results ?? []).map((win) => ({
    weekStart: win.weekStart,
    weekEnd: win.weekEnd,
    likes: win.likes,
    campaignId: win.campaign._id,
    title: win.campaign.title,
  }));
  return { status, search, list: body ? toListPage(body, toAdminCampaignRow) : null, winners };
}

const columns: AdminTableColumn<AdminCampaignRow>[] = [
  {
    header: 'Campaign',
    rowHeader: true,
    cell: (row) => (
      <Link
        to={`/admin/campaigns/${row._id}`}
        className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {row.title}
      </Link>
    ),
  },
  { header: 'Organiser', cell: (row) => row.organiser },
  { header: 'Category', cell: (row) => row.category },
  { header: 'Goal', cell: (row) => formatNaira(row.amountNeeded), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (row) => <CampaignStatusPill status={row.status} /> },
  { header: 'Submitted', cell: (row) => formatDate(row.createdAt), className: 'whitespace-nowrap' },
  { header: 'Green-Hearts', cell: (row) => row.likesCount, className: 'text-right' },
];

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  const { status, search, list, winners } = loaderData;
  const label = campaignFilters.find((filter) => filter.value === status)?.label ?? '';
  const keep = { status: status === 'awaiting_review' ? undefined : status, search };
  return (
    <>
      <AdminPageHeader
        title="Campaigns"
        lead={<p>Approve or reject submitted campaigns, complete or take down live ones.</p>}
      />
      <CampaignStatusTabs
        current={status}
        hrefFor={(filter) =>
          listHref('/admin/campaigns', {
            status: filter === 'awaiting_review' ? undefined : filter,
            search,
          })
        }
      />
      <div className="mb-6">
        <SearchForm
          action="/admin/campaigns"
          id="campaign-search"
          label="Search campaigns"
          search={search}
          maxLength={campaignLimits.searchMax}
          placeholder="Title, story or state"
          keep={{ status: keep.status }}
        />
      </div>
      <AdminResults
        list={list}
        failure="The campaigns could not be loaded. Please try again."
        summary={
          <>
            {list?.total} {list?.total === 1 ? 'campaign' : 'campaigns'} · {label}
            {search ? ` · matching “${search}”` : ''}
          </>
        }
        paginationLabel="Campaign pages"
        hrefFor={(page) => listHref('/admin/campaigns', keep, page)}
      >
        <AdminTable
          caption={`${label} campaigns`}
          captionHidden
          columns={columns}
          rows={list?.rows ?? []}
          rowKey={(row) => row._id}
          empty={
            <EmptyState title="No campaigns here">
              <p>No campaign matches this status{search ? ' and search' : ''}.</p>
            </EmptyState>
          }
        />
      </AdminResults>
      <section aria-labelledby="weekly-winners" className="mt-10">
        <h2 id="weekly-winners" className="text-xl font-bold text-slate-900">
          Weekly winners
        </h2>
        {winners.length === 0 ? (
          <p className="mt-2 text-slate-700">No week has been won yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {winners.map((win) => (
              <li key={win.weekStart} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                <Link
                  to={`/admin/campaigns/${win.campaignId}`}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {win.title}
                </Link>
                <span className="text-sm text-slate-700">
                  Week of {formatDate(win.weekStart)} · {win.likes} Green-Hearts
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
