import { formatNaira } from '@ipatient/contracts/format';
import { useId } from 'react';
import { donationCountText } from '../../lib/donation-count.ts';

interface CampaignProgressProps {
  amountRaised: number;
  amountNeeded: number;
  /** The number of donations, shown beside the bar (campaign pages; not the wizard's preview). */
  donationCount?: number | undefined;
  /** Smaller, for cards. */
  compact?: boolean;
}

/** Raised of goal, in naira, as text and as an accessible progress bar. */
export function CampaignProgress({
  amountRaised,
  amountNeeded,
  donationCount,
  compact = false,
}: CampaignProgressProps) {
  const labelId = useId();
  const percent =
    amountNeeded > 0 ? Math.min(100, Math.round((amountRaised / amountNeeded) * 100)) : 0;
  const text = `${formatNaira(amountRaised)} raised of ${formatNaira(amountNeeded)}`;
  return (
    <div>
      <p id={labelId} className={compact ? 'text-sm text-slate-800' : 'text-slate-800'}>
        <span className={`${compact ? 'text-base' : 'text-xl'} font-extrabold text-slate-900`}>
          {formatNaira(amountRaised)}
        </span>{' '}
        raised of <span className="font-semibold">{formatNaira(amountNeeded)}</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={amountNeeded}
        aria-valuenow={Math.min(amountRaised, amountNeeded)}
        aria-valuetext={`${text} (${percent}%)`}
        className={`${compact ? 'mt-1.5 h-2' : 'mt-2 h-3'} overflow-hidden rounded-full bg-slate-200`}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      {donationCount === undefined ? null : (
        <p className="mt-2 flex justify-between gap-3 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{donationCountText(donationCount)}</span>
          <span>{percent}% of the goal</span>
        </p>
      )}
    </div>
  );
}
