import { Award, BadgeCheck } from 'lucide-react';

const pill =
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';

/** 'Verified': the facility (or the visit behind a review) was checked by the team. */
export function VerifiedBadge() {
  return (
    <span className={`${pill} bg-brand-50 text-brand-900 ring-brand-300`}>
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      Verified
    </span>
  );
}

/** 'Top rated': a high average that enough approved reviews stand behind. */
export function TopRatedBadge() {
  return (
    <span className={`${pill} bg-amber-50 text-amber-900 ring-amber-300`}>
      <Award aria-hidden="true" className="h-3.5 w-3.5" />
      Top rated
    </span>
  );
}
