import { reviewStatuses } from '@ipatient/contracts/facility-rules';
import { confirmParam, withoutConfirm } from '../../components/admin/confirm-action.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { pageNumber } from '../../components/ui/pagination.tsx';
import { listHref, toListPage } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { AdminResults } from '../../features/admin/admin-results.tsx';
import { returnPath } from '../../features/admin-moderation/moderation.server.ts';
import {
  type ReviewFilter,
  readReviewFilter,
} from '../../features/admin-moderation/review-filter.ts';
import {
  ReviewModerationCard,
  ReviewStatusTabs,
} from '../../features/admin-moderation/review-moderation.tsx';
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
import type { Route } from './+types/reviews';

export function meta() {
  return pageMeta({
    title: 'Facility reviews · Admin',
    description: 'Approve or reject facility reviews before they are published.',
  });
}

const pageSize = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const status = readReviewFilter(url.searchParams.get('status'));
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
  return redirectWithFlash(
    request,
    withoutConfirm(back),
    { kind: 'success', message: apiMessage(response.body, 'The review was moderated.') },
    response.setCookies,
  );
}

const filters: { value: ReviewFilter; label: string }[] = [
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
      <ReviewStatusTabs
        current={status}
        filters={filters}
        hrefFor={(value) =>
          listHref('/admin/reviews', { status: value === 'pending' ? undefined : value })
        }
      />
      <AdminResults
        list={list}
        failure="The reviews could not be loaded. Please try again."
        summary={list ? `${list.total} ${list.total === 1 ? 'review' : 'reviews'}` : null}
        paginationLabel="Review pages"
        hrefFor={(page) => listHref('/admin/reviews', keep, page)}
        empty={
          list?.rows.length === 0 ? (
            <EmptyState title="No reviews here">
              <p>There is no review with this status.</p>
            </EmptyState>
          ) : null
        }
      >
        <ul className="space-y-4">
          {(list?.rows ?? []).map((review) => (
            <li key={review._id}>
              <ReviewModerationCard
                review={review}
                current={current}
                confirming={confirming}
                result={actionData?.intent.endsWith(`:${review._id}`) ? actionData : undefined}
                badge={<ReviewStatusBadge status={review.status} />}
                stars={<RatingStars rating={review.rating} />}
              />
            </li>
          ))}
        </ul>
      </AdminResults>
    </>
  );
}
