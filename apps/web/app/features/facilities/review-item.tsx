import { reviewerName } from '@ipatient/contracts/facility-rules';
import { formatDate } from '@ipatient/contracts/format';
import { ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { CsrfField } from '../../lib/session.tsx';
import { VerifiedBadge } from './facility-badges.tsx';
import type { Review } from './facility-types.ts';
import { RatingStars } from './rating-stars.tsx';
import { ReviewShare } from './review-share.tsx';

const usefulClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors';

interface ReviewItemProps {
  review: Review;
  signedIn: boolean;
  /** This page's address, to come back to after logging in. */
  returnTo: string;
  /** The absolute address of this review, to share. */
  shareUrl: string;
  facilityName: string;
}

function usefulText(count: number): string {
  return `Useful (${count})`;
}

/** One approved review: author, stars, title, text, date, badges, Useful and Share. */
export function ReviewItem({
  review,
  signedIn,
  returnTo,
  shareUrl,
  facilityName,
}: ReviewItemProps) {
  const name = reviewerName(review.author);
  const date = review.publishedAt ?? review.createdAt;
  const headingId = `review-${review._id}-title`;
  let useful: ReactNode;
  if (!signedIn) {
    useful = (
      <a
        href={`/login?${new URLSearchParams({ redirectTo: `${returnTo}#review-${review._id}` })}`}
        className={`${usefulClass} border-slate-300 bg-white text-slate-800 hover:bg-brand-50`}
      >
        <ThumbsUp aria-hidden="true" className="h-4 w-4" />
        {usefulText(review.usefulCount)}
        <span className="sr-only">: log in to mark this review useful</span>
      </a>
    );
  } else if (review.isMine) {
    useful = (
      <p className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-700">
        <ThumbsUp aria-hidden="true" className="h-4 w-4" />
        {usefulText(review.usefulCount)}
      </p>
    );
  } else {
    useful = (
      <form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="useful" />
        <input type="hidden" name="reviewId" value={review._id} />
        <button
          type="submit"
          aria-pressed={review.usefulByMe}
          disabled={review.usefulByMe}
          className={`${usefulClass} ${
            review.usefulByMe
              ? 'cursor-not-allowed border-brand-700 bg-brand-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-brand-50'
          }`}
        >
          <ThumbsUp
            aria-hidden="true"
            className={`h-4 w-4 ${review.usefulByMe ? 'fill-white' : ''}`}
          />
          {usefulText(review.usefulCount)}
        </button>
      </form>
    );
  }
  return (
    // Back from marking it Useful (a page load that points here), the focus is on this review,
    // where it was, not at the top of the page (lib/enhance.ts: data-focus-on-arrival).
    <article
      id={`review-${review._id}`}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-focus-on-arrival=""
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{name}</p>
          {review.verified ? <VerifiedBadge /> : null}
        </div>
        {date ? (
          <p className="text-sm text-slate-600">
            <time dateTime={date}>{formatDate(date)}</time>
          </p>
        ) : null}
      </div>
      <RatingStars rating={review.rating} className="mt-2" />
      <h3 id={headingId} className="mt-2 text-lg font-bold text-slate-900">
        {review.title || <span className="sr-only">Review by {name}</span>}
      </h3>
      <p className="mt-1 whitespace-pre-line text-slate-800">{review.content}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {useful}
        <ReviewShare
          url={shareUrl}
          title={`A review of ${facilityName}`}
          text={`${name} on ${facilityName}: ${review.title || review.content.slice(0, 80)}`}
        />
      </div>
    </article>
  );
}
