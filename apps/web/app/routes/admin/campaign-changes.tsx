import type { TCampaignRevision } from '@ipatient/contracts/campaign-revisions';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { RevisionDiff } from '../../features/campaign-revisions/revision-review.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/campaign-changes';

export function meta() {
  return pageMeta({
    title: 'Campaign changes · Admin',
    description: 'Changes to live campaigns waiting for review, oldest first, with what changed.',
  });
}

const pageSize = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const body = await readBody(
    'GET admin campaign changes',
    getApi(context).campaigns.adminChanges({ query: { page, limit: pageSize } }),
  );
  return { list: body ? toListPage(body, (row: TCampaignRevision) => row) : null };
}

const hrefFor = (page = 1) => listHref('/admin/campaign-changes', {}, page);

/**
 * The queue of changes to live campaigns: each with its diff; the decision is taken on the
 * campaign's own page, beside everything else about it.
 */
export default function AdminCampaignChanges({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Campaign changes"
        lead={
          <p>
            Organisers’ changes to live campaigns. The campaigns stay live with their approved
            version until you approve or reject a change; a new bank account holds payouts.
          </p>
        }
      />
      <AdminResults
        list={list}
        failure="The changes could not be loaded. Please try again."
        summary={list ? `${list.total} ${list.total === 1 ? 'change' : 'changes'} waiting` : null}
        paginationLabel="Change pages"
        hrefFor={(page) => hrefFor(page)}
      >
        {list && list.rows.length === 0 ? (
          <EmptyState title="Nothing waiting">
            <p>No live campaign has a change waiting for review.</p>
          </EmptyState>
        ) : (
          <ol className="space-y-6">
            {(list?.rows ?? []).map((revision) => (
              <li
                key={revision._id}
                className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
              >
                <h2 className="text-lg font-bold break-words text-slate-900">
                  <Link
                    to={`/admin/campaigns/${revision.campaignId}#pending-change`}
                    className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
                  >
                    {revision.campaignTitle}
                  </Link>
                </h2>
                <div className="mt-3">
                  <RevisionDiff revision={revision} />
                </div>
                <p className="mt-4">
                  <Link
                    to={`/admin/campaigns/${revision.campaignId}#pending-change`}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    Review and decide
                    <span className="sr-only"> on the changes to “{revision.campaignTitle}”</span>
                  </Link>
                </p>
              </li>
            ))}
          </ol>
        )}
      </AdminResults>
    </>
  );
}
