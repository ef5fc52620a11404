import type { TAdminFacilityReview } from '@ipatient/contracts/facilities';
import { reviewLimits } from '@ipatient/contracts/facility-rules';
import { formatDate } from '@ipatient/contracts/format';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { FilterTabs } from '../../components/admin/filter-tabs.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { ReasonAction } from './reason-action.tsx';
import type { ReviewFilter } from './review-filter.ts';

/** Status tabs: plain links, so each filtered queue has its own address. */
export function ReviewStatusTabs({
  current,
  filters,
  hrefFor,
}: {
  current: ReviewFilter;
  filters: readonly { value: ReviewFilter; label: string }[];
  hrefFor: (filter: ReviewFilter) => string;
}) {
  return (
    <FilterTabs
      label="Review status"
      current={current}
      filters={filters}
      hrefFor={hrefFor}
      className="mb-6"
    />
  );
}

interface ReviewModerationCardProps {
  review: TAdminFacilityReview;
  /** The queue as the admin sees it (tab and page), where each decision returns. */
  current: string;
  /** The no-script confirmation step open on the page (`?confirm=`). */
  confirming: string | null;
  /** The refused decision about this review, if the last one was. */
  result: ActionResult | undefined;
  /** The review's status, as the site shows it. */
  badge: ReactNode;
  /** The review's rating, as the site shows it. */
  stars: ReactNode;
}

/** One review of the queue with its author, and approve (verified or not) and reject. */
export function ReviewModerationCard({
  review,
  current,
  confirming,
  result,
  badge,
  stars,
}: ReviewModerationCardProps) {
  const rejectResult = result?.intent.startsWith('reject:') ? result : undefined;
  const headingId = `review-${review._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {review.title || 'Untitled review'}
          </h2>
          <p className="text-sm text-slate-700">
            <Link
              to={`/review/${review.facility._id}`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              {review.facility.name}
            </Link>{' '}
            · {review.facility.location}
          </p>
        </div>
        {badge}
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {stars}
        <span>
          By {review.author.fullName} ({review.author.email}) · {formatDate(review.updatedAt)}
        </span>
      </p>
      <p className="break-words whitespace-pre-line text-slate-800">{review.content}</p>
      {review.rejectionReason && review.status === 'rejected' ? (
        <p className="text-sm text-slate-700">Reason given: {review.rejectionReason}</p>
      ) : null}
      {result && !rejectResult ? <FormAlert message={result.message} /> : null}
      <div className="flex flex-wrap items-start gap-4">
        {review.status !== 'approved' ? (
          <Form
            method="post"
            action="/admin/reviews"
            reloadDocument
            className="flex flex-wrap items-center gap-3"
          >
            <CsrfField />
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="reviewId" value={review._id} />
            <input type="hidden" name="returnTo" value={current} />
            <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
              <input
                type="checkbox"
                name="verified"
                value="true"
                defaultChecked={review.verified}
                className="h-5 w-5 accent-brand-700"
              />
              Verified visit
              <span className="sr-only">: {review.title || review.facility.name}</span>
            </label>
            <button type="submit" className={buttonClass('primary')}>
              <CircleCheck aria-hidden="true" className="h-4 w-4" />
              Approve
              <span className="sr-only">: {review.title || review.facility.name}</span>
            </button>
          </Form>
        ) : null}
        {review.status !== 'rejected' ? (
          <ReasonAction
            id={`reject-${review._id}`}
            label={`Reject${review.status === 'approved' ? ' (unpublish)' : ''}`}
            title="Reject this review?"
            description="The reviewer is emailed the reason; an approved review is taken off the site."
            confirmLabel="Reject review"
            action="/admin/reviews"
            fields={{ intent: 'reject', reviewId: review._id, returnTo: current }}
            reasonLabel="Reason for rejecting"
            minLength={reviewLimits.rejectionReasonMin}
            maxLength={reviewLimits.rejectionReasonMax}
            {...confirmHrefs(current, `reject-${review._id}`)}
            confirming={confirming === `reject-${review._id}` || rejectResult !== undefined}
            value={rejectResult?.values.reason}
            error={rejectResult?.errors.reason ?? rejectResult?.message}
          />
        ) : null}
      </div>
    </article>
  );
}
