import type { TWeeklyWinner } from '@ipatient/contracts/campaigns';
import { weeklyAwardText } from '@ipatient/contracts/donation-rules';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { CampaignImage } from './campaign-image.tsx';
import { campaignHeading, campaignPath, greenHearts } from './campaign-text.ts';

/** What the panel shows of one win (the award when the loader passes it on). */
export type WeeklyWin = Pick<TWeeklyWinner, 'weekStart' | 'weekEnd' | 'likes'> &
  Partial<Pick<TWeeklyWinner, 'award' | 'awardOutcome'>> & {
    campaign: Pick<
      TWeeklyWinner['campaign'],
      '_id' | 'fundraisingFor' | 'image' | 'imageWidth' | 'imageHeight' | 'imageSizes'
    >;
  };

/** "03 March 2025 to 09 March 2025": `weekEnd` is the next week's start, so the day before. */
function weekRange(win: WeeklyWin): string {
  const lastDay = new Date(new Date(win.weekEnd).getTime() - 1);
  return `${formatDate(win.weekStart)} to ${formatDate(lastDay)}`;
}

/** " · ₦50,000 weekly funding", " · the fund was empty this week", or nothing (no award set). */
function awardNote(win: WeeklyWin): string {
  if (win.awardOutcome !== 'awarded' && win.awardOutcome !== 'fund_empty') return '';
  return ` · ${weeklyAwardText(win.awardOutcome, formatNaira(win.award ?? 0))}`;
}

interface WeeklyWinnersProps {
  winners: readonly WeeklyWin[];
  headingId: string;
}

/**
 * The weekly funding winners (docs/product.md#weekly-winners: the campaign with the most Green-Hearts wins each week):
 * the latest one first and large, the earlier ones listed below it.
 */
export function WeeklyWinners({ winners, headingId }: WeeklyWinnersProps) {
  const [latest, ...past] = winners;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Trophy aria-hidden="true" className="h-5 w-5 text-amber-700" />
        Weekly winners
      </h2>
      {latest ? (
        <div className="mt-4 space-y-5">
          <article className="relative overflow-hidden rounded-2xl border border-amber-300 bg-amber-50 has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-brand-700">
            <CampaignImage
              campaign={latest.campaign}
              alt=""
              sizes="(min-width: 1024px) 352px, 100vw"
              className="aspect-[16/9] w-full"
            />
            <div className="p-4">
              <p className="text-sm font-semibold text-amber-900">Latest weekly winner</p>
              <h3 className="mt-1 text-lg font-bold break-words text-slate-900">
                <Link
                  to={campaignPath(latest.campaign._id)}
                  className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                >
                  {campaignHeading(latest.campaign)}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-700">
                Week of {weekRange(latest)}, with {greenHearts(latest.likes)}
                {awardNote(latest)}
              </p>
            </div>
          </article>
          {past.length > 0 ? (
            <div>
              <h3 className="font-bold text-slate-900">Past winners</h3>
              <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {past.map((win) => (
                  <li key={win.weekStart} className="p-3">
                    <Link
                      to={campaignPath(win.campaign._id)}
                      className="font-semibold break-words text-brand-800 underline-offset-4 hover:underline"
                    >
                      {campaignHeading(win.campaign)}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {weekRange(win)} · {greenHearts(win.likes)}
                      {awardNote(win)}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 rounded-2xl border border-dashed border-amber-300 bg-amber-50 p-4 text-sm text-slate-700">
          No week has been won yet. When a week ends, the active campaign with the most Green-Hearts
          wins that week's funding from the{' '}
          <Link
            to="/green-heart-fund"
            className="font-semibold text-brand-800 underline underline-offset-4"
          >
            Green-Heart fund
          </Link>{' '}
          and is shown here.
        </p>
      )}
    </section>
  );
}
