import { errorTexts } from '@ipatient/contracts/errors';
import { formatDate } from '@ipatient/contracts/format';
import { Hospital, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { facilityPath, writeReviewAnchor } from './facility-text.ts';
import type { MyReview } from './facility-types.ts';
import type { MyReviewsTab } from './my-reviews.server.ts';
import { RatingStars } from './rating-stars.tsx';
import { ReviewStatusBadge } from './review-status-badge.tsx';

function tabHref(page: number): string {
  return page > 1 ? `/account?tab=reviews&page=${page}` : '/account?tab=reviews';
}

function MyReviewCard({ review }: { review: MyReview }) {
  const headingId = `my-review-${review._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold text-slate-900">
            <Link
              to={facilityPath(review.facility._id)}
              className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {review.facility.name}
            </Link>
          </h3>
          {review.facility.location ? (
            <p className="text-sm text-slate-600">{review.facility.location}</p>
          ) : null}
        </div>
        <ReviewStatusBadge status={review.status} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <RatingStars rating={review.rating} />
        {review.createdAt ? (
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        ) : null}
      </div>
      {review.title ? <p className="mt-2 font-semibold text-slate-900">{review.title}</p> : null}
      <p className="mt-1 whitespace-pre-line text-slate-800">{review.content}</p>
      {review.status === 'rejected' && review.rejectionReason ? (
        <p className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
          <span className="font-semibold">Reason: </span>
          {review.rejectionReason}
        </p>
      ) : null}
      {review.status !== 'approved' ? (
        <Link
          to={`${facilityPath(review.facility._id)}#${writeReviewAnchor}`}
          className={buttonClass('secondary', 'mt-4')}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Modify
          <span className="sr-only"> your review of {review.facility.name}</span>
        </Link>
      ) : null}
    </article>
  );
}

/** The account's Hospital Reviews tab: the member's facility reviews and their status. */
export function MyReviews({ data }: { data: MyReviewsTab }) {
  const list = data.reviews;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / Math.max(1, list.limit))) : 1;
  return (
    <section aria-labelledby="my-reviews-title" className="space-y-5">
      <div>
        <h2 id="my-reviews-title" className="text-2xl font-bold text-slate-900">
          Hospital Reviews
        </h2>
        {list && list.total > 0 ? (
          <p className="mt-1 text-slate-700">
            {list.total === 1 ? '1 review' : `${list.total} reviews`}. Reviews are shown to others
            once our team approves them.
          </p>
        ) : null}
      </div>
      {!list ? (
        <FormAlert message={errorTexts.fetch} />
      ) : list.items.length > 0 ? (
        <>
          <ul className="space-y-4">
            {list.items.map((review) => (
              <li key={review._id}>
                <MyReviewCard review={review} />
              </li>
            ))}
          </ul>
          <Pagination
            label="Review pages"
            page={list.page}
            totalPages={totalPages}
            hrefFor={tabHref}
          />
        </>
      ) : list.page > 1 && list.total > 0 ? (
        <EmptyState
          title="There is no such page"
          icon={<Hospital aria-hidden="true" className="h-6 w-6" />}
        >
          <LinkButton to={tabHref(1)} variant="secondary" className="mt-2">
            Go to the first page
          </LinkButton>
        </EmptyState>
      ) : (
        <EmptyState
          title="No reviews yet"
          icon={<Hospital aria-hidden="true" className="h-6 w-6" />}
        >
          <p>Share your experience of a hospital or clinic to help other patients.</p>
          <LinkButton to="/review" variant="secondary" className="mt-4">
            Find a facility to review
          </LinkButton>
        </EmptyState>
      )}
    </section>
  );
}
