import {
  type ReviewStatus,
  reviewLimits,
  reviewStatuses,
} from '@ipatient/contracts/facility-rules';
import { formatDate } from '@ipatient/contracts/format';
import { CircleCheck } from 'lucide-react';
import { Form, Link } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { confirmHrefs, confirmParam } from '../../features/admin/confirm-action.tsx';
import { returnPath } from '../../features/admin-moderation/moderation.server.ts';
import { ReasonAction } from '../../features/admin-moderation/reason-action.tsx';
import { RatingStars } from '../../features/facilities/rating-stars.tsx';
import {
  ReviewStatusBadge,
  reviewStatusLabels,
} from '../../features/facilities/review-status-badge.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { CsrfField } from '../../lib/session.tsx';
import type { Route } from './+types/reviews';

export function meta() {
  return pageMeta({
    title: 'Facility reviews · Admin',
    description: 'Approve or reject facility reviews before they are published.',
  });
}

const pageSize = 20;
type Filter = ReviewStatus | 'all';

function readFilter(value: string | null): Filter {
  if (value === 'all') return 'all';
  return (reviewStatuses as readonly string[]).includes(value ?? '')
    ? (value as ReviewStatus)
    : 'pending';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const status = readFilter(url.searchParams.get('status'));
  const page = pageNumber(url.searchParams.get('page'));
  const body = await readBody(
    'GET facility reviews to moderate',
    getApi(context).facilities.moderationQueue({
      query: { status: status === 'all' ? undefined : status, page, limit: pageSize },
    }),
  );
  return {
    status,
    list: body ? toListPage(body, (review) => review) : null,
    current: `${url.pathname}${url.search}`,
    confirming: url.searchParams.get(confirmParam),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'reviewId');
  const back = returnPath(formText(form, 'returnTo'), '/admin/reviews', '/admin/reviews');
  const failureIntent = `${intent}:${id}`;
  if ((intent !== 'approve' && intent !== 'reject') || !id) {
    return formFailure('Choose a review and a decision.', { intent: failureIntent });
  }
  const reason = formText(form, 'reason');
  const response = await getApi(context, form).facilities.moderateReview({
    params: { id },
    body:
      intent === 'approve'
        ? { status: 'approved', verified: form.get('verified') === 'true' }
        : { status: 'rejected', reason },
  });
  if (!response.ok) {
    return actionFailure(response, 'The review could not be moderated.', {
      intent: failureIntent,
      values: { reason },
    });
  }
  // Back to the list without the confirmation step.
  const url = new URL(back, 'http://localhost');
  url.searchParams.delete(confirmParam);
  return redirectWithFlash(
    request,
    `${url.pathname}${url.search}`,
    { kind: 'success', message: apiMessage(response.body, 'The review was moderated.') },
    response.setCookies,
  );
}

const filters: { value: Filter; label: string }[] = [
  ...reviewStatuses.map((value) => ({ value, label: reviewStatusLabels[value] })),
  { value: 'all', label: 'All' },
];

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { status, list, current, confirming } = loaderData;
  const keep = { status: status === 'pending' ? undefined : status };
  return (
    <>
      <ActionToast result={actionData} />
      <AdminPageHeader
        title="Facility reviews"
        lead={
          <p>
            Oldest first. A review is published once approved; the reviewer is emailed either way.
          </p>
        }
      />
      <nav aria-label="Review status" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => (
            <li key={filter.value}>
              <Link
                to={listHref('/admin/reviews', {
                  status: filter.value === 'pending' ? undefined : filter.value,
                })}
                aria-current={status === filter.value ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list === null ? (
        <FormAlert message="The reviews could not be loaded. Please try again." />
      ) : list.rows.length === 0 ? (
        <EmptyState title="No reviews here">
          <p>There is no review with this status.</p>
        </EmptyState>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {list.total} {list.total === 1 ? 'review' : 'reviews'}
          </p>
          <ul className="space-y-4">
            {list.rows.map((review) => {
              const result = actionData?.intent.endsWith(`:${review._id}`) ? actionData : undefined;
              const rejectResult = result?.intent.startsWith('reject:') ? result : undefined;
              const headingId = `review-${review._id}`;
              return (
                <li key={review._id}>
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
                      <ReviewStatusBadge status={review.status} />
                    </div>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      <RatingStars rating={review.rating} />
                      <span>
                        By {review.author.fullName} ({review.author.email}) ·{' '}
                        {formatDate(review.updatedAt)}
                      </span>
                    </p>
                    <p className="break-words whitespace-pre-line text-slate-800">
                      {review.content}
                    </p>
                    {review.rejectionReason && review.status === 'rejected' ? (
                      <p className="text-sm text-slate-700">
                        Reason given: {review.rejectionReason}
                      </p>
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
                            <span className="sr-only">
                              : {review.title || review.facility.name}
                            </span>
                          </label>
                          <button type="submit" className={buttonClass('primary')}>
                            <CircleCheck aria-hidden="true" className="h-4 w-4" />
                            Approve
                            <span className="sr-only">
                              : {review.title || review.facility.name}
                            </span>
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
                          confirming={
                            confirming === `reject-${review._id}` || rejectResult !== undefined
                          }
                          value={rejectResult?.values.reason}
                          error={rejectResult?.errors.reason ?? rejectResult?.message}
                        />
                      ) : null}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
          <Pagination
            label="Review pages"
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={(page) => listHref('/admin/reviews', keep, page)}
          />
        </div>
      )}
    </>
  );
}
