import type { TCampaign } from '@ipatient/contracts/campaigns';
import { CalendarClock } from 'lucide-react';
import { timeLeftText } from './campaign-text.ts';

/** "12 days left", "Last day" or "Ended on 3 March 2026" (nothing before approval). */
export function CampaignTimeLeft({
  campaign,
  className = '',
}: {
  campaign: Pick<TCampaign, 'endsAt' | 'ended'>;
  className?: string;
}) {
  const text = timeLeftText(campaign);
  if (!text) return null;
  const ended = campaign.ended || text.startsWith('Ended');
  return (
    <p
      data-testid="time-left"
      className={`inline-flex items-center gap-1.5 text-sm font-semibold ${ended ? 'text-slate-700' : 'text-brand-800'} ${className}`}
    >
      <CalendarClock aria-hidden="true" className="h-4 w-4 shrink-0" />
      {campaign.endsAt ? <time dateTime={campaign.endsAt}>{text}</time> : text}
    </p>
  );
}
