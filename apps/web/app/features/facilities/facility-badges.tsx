import { payoutAccountTexts, topRated } from '@ipatient/contracts/facility-rules';
import { Award, BadgeCheck, Landmark } from 'lucide-react';

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

/**
 * 'Pays direct': the facility has a payout account that two admins checked, so a campaign's
 * money can go straight to it. The badge says so to screen readers itself, since a card may
 * stand without the page's list of meanings.
 */
export function PaysDirectBadge() {
  return (
    <span className={`${pill} bg-sky-50 text-sky-900 ring-sky-300`}>
      <Landmark aria-hidden="true" className="h-3.5 w-3.5" />
      Pays direct
      <span className="sr-only">: {payoutAccountTexts.paysDirect}</span>
    </span>
  );
}

/** What each badge means, in the words shown beside it. */
export const badgeMeanings = {
  verified: 'our team has checked this facility’s details.',
  topRated: `an average of ${topRated.minAverage} or more from at least ${topRated.minReviews} approved reviews.`,
  verifiedReview: 'our team has checked the visit behind this review.',
  paysDirect:
    'donations can be paid straight to this facility, into a bank account in its own name that two of our team checked.',
} as const;

type BadgeMeaning = keyof typeof badgeMeanings;

const badgeNames: Record<BadgeMeaning, string> = {
  verified: 'Verified',
  topRated: 'Top rated',
  verifiedReview: 'Verified review',
  paysDirect: 'Pays direct',
};

/**
 * The meaning of the badges on show, as plain visible text: a tooltip would need a hover or a
 * long press that many phones and people never find.
 */
export function BadgeMeanings({
  badges,
  className = '',
}: {
  badges: readonly BadgeMeaning[];
  className?: string;
}) {
  if (badges.length === 0) return null;
  return (
    <dl className={`space-y-1 text-sm text-slate-700 ${className}`}>
      {badges.map((badge) => (
        <div key={badge}>
          <dt className="inline font-semibold text-slate-900">{badgeNames[badge]}:</dt>{' '}
          <dd className="inline">{badgeMeanings[badge]}</dd>
        </div>
      ))}
    </dl>
  );
}
