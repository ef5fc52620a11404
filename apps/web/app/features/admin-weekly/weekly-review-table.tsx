import { formatNaira } from '@ipatient/contracts/format';
import {
  type TWeeklyReview,
  type TWeeklyReviewCampaign,
  weeklyReviewRules,
} from '@ipatient/contracts/weekly-review';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/admin/format-date-time.ts';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

function likesText(count: number): string {
  return count === 1 ? '1 like' : `${count} likes`;
}

/** What is unusual about a campaign's likes that week, in words; empty when nothing is. */
export function flagsOf(row: TWeeklyReviewCampaign): string[] {
  const flags: string[] = [];
  const notCounted = row.allLikes - row.countedLikes;
  if (notCounted > 0) {
    flags.push(
      `${notCounted} of ${row.allLikes} likes ${notCounted === 1 ? 'does' : 'do'} not count: the members had not verified their phone number by the end of the week, or their accounts were deleted.`,
    );
  }
  if (row.burst) {
    flags.push(
      `Burst: ${likesText(row.burst.likes)} from accounts less than a day old within ${weeklyReviewRules.burstWindowMinutes} minutes, from ${formatDateTime(row.burst.startedAt)}.`,
    );
  } else if (row.newAccountLikes > 0) {
    flags.push(
      `${likesText(row.newAccountLikes)} came from accounts less than a day old when they liked.`,
    );
  }
  return flags;
}

/** The columns of the review's table (an admin table's columns). */
export const weeklyReviewColumns = [
  {
    header: 'Campaign',
    rowHeader: true,
    cell: (row: TWeeklyReviewCampaign) => (
      <Link to={`/admin/campaigns/${encodeURIComponent(row.campaignId)}`} className={linkClass}>
        {row.title}
      </Link>
    ),
  },
  {
    header: 'Counted likes',
    cell: (row: TWeeklyReviewCampaign) => row.countedLikes,
    className: 'text-right',
  },
  {
    header: 'All likes',
    cell: (row: TWeeklyReviewCampaign) => row.allLikes,
    className: 'text-right',
  },
  {
    header: 'From accounts under a day old',
    cell: (row: TWeeklyReviewCampaign) => row.newAccountLikes,
    className: 'text-right',
  },
  {
    header: 'Warning signs',
    cell: (row: TWeeklyReviewCampaign) => {
      const flags = flagsOf(row);
      if (flags.length === 0) return <span className="text-slate-600">None</span>;
      return (
        <ul className="list-disc space-y-1 pl-4 text-amber-900">
          {flags.map((flag) => (
            <li key={flag}>{flag}</li>
          ))}
        </ul>
      );
    },
  },
];

/** The week's recorded winner, or why there is none yet. */
export function WeeklyWinnerSummary({ review }: { review: TWeeklyReview }) {
  const { winner } = review;
  if (!winner) {
    return (
      <p className="text-slate-700">
        {review.inProgress
          ? 'This week is still running: its winner is chosen when it ends.'
          : 'No winner was recorded for this week: no Green-Heart that counts was given.'}
      </p>
    );
  }
  const award =
    winner.awardOutcome === 'awarded'
      ? `The Green-Heart fund gave it ${formatNaira(winner.award)}.`
      : winner.awardOutcome === 'fund_empty'
        ? 'The Green-Heart fund was empty, so no award was paid.'
        : 'No weekly award was set, so none was paid.';
  return (
    <p className="text-slate-700">
      Winner:{' '}
      <Link to={`/admin/campaigns/${encodeURIComponent(winner.campaignId)}`} className={linkClass}>
        {winner.title}
      </Link>{' '}
      with {likesText(winner.likes)} that count. {award}
    </p>
  );
}
