import { weeklyReviewRules } from '@ipatient/contracts/weekly-review';
import { Heart } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminTable } from '../../features/admin/admin-table.tsx';
import { WeekPicker } from '../../features/admin-weekly/week-picker.tsx';
import {
  WeeklyWinnerSummary,
  weeklyReviewColumns,
} from '../../features/admin-weekly/weekly-review-table.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi, rethrowIfUnavailable } from '../../lib/api-context.ts';
import { apiMessage } from '../../lib/forms.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/weekly-winners';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Weekly winners',
    description: "A week's Green-Heart count: counted likes, all likes and warning signs.",
  });
}

const path = '/admin/weekly-winners';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const week = new URL(request.url).searchParams.get('week') ?? '';
  const response = await getApi(context)
    .weeklyReview.get({ query: week ? { week } : {} })
    .catch((error: unknown) => {
      rethrowIfUnavailable(error);
      return undefined;
    });
  if (response?.ok) return { week, review: response.body.result, error: null };
  return {
    week,
    review: null,
    // A 400 names what is wrong with the week that was typed.
    error:
      response?.status === 400
        ? apiMessage(response.body, 'This week is not valid.')
        : 'The weekly review could not be loaded. Please reload the page.',
  };
}

export default function AdminWeeklyWinners({ loaderData }: Route.ComponentProps) {
  const { week, review, error } = loaderData;
  const range = review
    ? `${new Date(review.weekStart).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' })} to ${new Date(new Date(review.weekEnd).getTime() - 1).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' })}`
    : '';
  return (
    <>
      <AdminPageHeader
        title="Weekly winners"
        lead={
          <p>
            Each week's Green-Heart fund award goes to the campaign with most likes that count:
            likes from members who had verified their phone number by the end of the week. Here are
            the {weeklyReviewRules.topCampaigns} campaigns with most counted likes, and signs of
            made-up accounts: likes from accounts less than a day old, and bursts of{' '}
            {weeklyReviewRules.burstMinLikes} or more of them within{' '}
            {weeklyReviewRules.burstWindowMinutes} minutes.
          </p>
        }
      />
      <WeekPicker
        path={path}
        week={review?.week ?? week}
        previousWeek={review?.previousWeek ?? null}
        nextWeek={review?.nextWeek ?? null}
        error={error && !review ? error : undefined}
      />
      {error ? (
        <FormAlert message={error} />
      ) : review ? (
        <div className="space-y-4">
          <h2 className="text-xl font-semibold text-slate-900">
            Week of {range} (Lagos time){review.inProgress ? ', still running' : ''}
          </h2>
          <WeeklyWinnerSummary review={review} />
          <AdminTable
            caption={`Campaigns with most counted likes, week of ${range}`}
            rows={review.campaigns}
            rowKey={(row) => row.campaignId}
            columns={weeklyReviewColumns}
            empty={
              <EmptyState
                title="No likes this week"
                icon={<Heart aria-hidden="true" className="h-6 w-6" />}
              >
                <p>No campaign was given a Green-Heart in this week.</p>
              </EmptyState>
            }
          />
        </div>
      ) : null}
    </>
  );
}
