import { errorTexts } from '@ipatient/contracts/errors';
import { facilityTexts } from '@ipatient/contracts/facilities';
import { reviewSortLabels, reviewSorts } from '@ipatient/contracts/facility-rules';
import { MapPin, MessageSquareText } from 'lucide-react';
import { data, isRouteErrorResponse, type MetaDescriptor, redirect } from 'react-router';
import { ErrorView } from '../components/errors/error-view.tsx';
import { NotFoundView } from '../components/errors/not-found-view.tsx';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { buttonClass } from '../components/ui/button-styles.ts';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { inputClass } from '../components/ui/form-field.tsx';
import { Pagination, pageNumber } from '../components/ui/pagination.tsx';
import {
  fetchFacility,
  fetchFacilityReviews,
  readSort,
} from '../features/facilities/facilities.server.ts';
import {
  BadgeMeanings,
  PaysDirectBadge,
  TopRatedBadge,
  VerifiedBadge,
} from '../features/facilities/facility-badges.tsx';
import { FacilityImage } from '../features/facilities/facility-image.tsx';
import { facilityPath, writeReviewAnchor } from '../features/facilities/facility-text.ts';
import { RatingBreakdown } from '../features/facilities/rating-breakdown.tsx';
import { ReviewForm } from '../features/facilities/review-form.tsx';
import { ReviewItem } from '../features/facilities/review-item.tsx';
import { ReviewShareScript } from '../features/facilities/review-share.tsx';
import { getApi, getPublicUrl } from '../lib/api-context.ts';
import { keepDraftAndLogin, takeDraft } from '../lib/form-drafts.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
  withCookies,
} from '../lib/forms.server.ts';
import { resultFor } from '../lib/forms.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/review-facility';

// Static (docs/decisions/005-static-first-pages.md): every form here posts as plain HTML. What
// needs a script is small and inline: the review form's star picker and Submit appear once there
// is text and Submit waits for a rating (review-form-enhance.ts), and Share / Copy link
// (share-enhance.ts). No React, no React Router and no bundle is sent to the browser.
export const handle = staticPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const sort = readSort(search.get('sort'));
  const page = pageNumber(search.get('page'));
  const [lookup, reviews, user] = await Promise.all([
    fetchFacility(context, params.id),
    fetchFacilityReviews(context, params.id, sort, page),
    getSession(context).user(),
  ]);
  if (lookup.kind === 'not-found') throw data(null, { status: 404 });
  if (lookup.kind === 'error') throw data(errorTexts.fetch, { status: 502 });
  return {
    facility: lookup.facility,
    reviews,
    sort,
    signedIn: user !== null,
    // Back from logging in: what they wrote before fills the form again (once).
    kept: user ? await takeDraft(context, request) : null,
    // The API's thank-you, shown in the form right after a review was sent.
    sent: search.get('sent') === '1' ? facilityTexts.reviewSubmitted : null,
    origin: getPublicUrl(context),
  };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      title: notFound ? 'Facility not found' : errorTexts.fetch,
      description: 'This facility could not be shown.',
    });
  }
  const { facility } = loaderData;
  return pageMeta({
    title: `${facility.name} reviews`,
    description: `${facility.name}, ${facility.location}: read patients' reviews and ratings, and share your own experience.`,
  });
}

const reviewFields = ['title', 'content', 'rating'];

/**
 * Write or edit a review, or mark one Useful; back to the page (Post/Redirect/Get). A review
 * sent signed out (or after the session ended) is kept while the person logs in.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const path = facilityPath(params.id);
  const url = new URL(request.url);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const toLogin = (back: string) => redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);

  if (intent === 'useful') {
    const reviewId = formText(form, 'reviewId');
    if (!reviewId) throw data(null, { status: 400 });
    const response = await getApi(context, form).facilities.markUseful({
      params: { id: reviewId },
    });
    if (response.status === 401) throw toLogin(`${path}${url.search}`);
    if (!response.ok) return actionFailure(response, errorTexts.default, { intent });
    return redirectWithFlash(
      request,
      `${path}${url.search}#review-${reviewId}`,
      { kind: 'success', message: apiMessage(response.body, facilityTexts.markedUseful) },
      response.setCookies,
    );
  }

  if (intent !== 'review') throw data(null, { status: 400 });
  const keep = () =>
    keepDraftAndLogin(context, request, form, {
      fields: reviewFields,
      back: `${path}#${writeReviewAnchor}`,
      intent,
    });
  if (!(await getSession(context).user())) return keep();
  const values = echoValues(form, reviewFields);
  const rating = Number(values.rating);
  if (!values.rating) {
    const message = 'Choose a rating from 1 to 5';
    return formFailure(message, { intent, values, errors: { rating: message } });
  }
  const reviewId = formText(form, 'reviewId');
  const body = { rating, title: values.title?.trim() ?? '', content: values.content ?? '' };
  const api = getApi(context, form).facilities;
  const response = reviewId
    ? await api.updateReview({ params: { id: reviewId }, body })
    : await api.createReview({ params: { id: params.id }, body });
  if (response.status === 401) return keep();
  if (!response.ok) {
    return actionFailure(response, errorTexts.default, { intent, values });
  }
  return redirect(`${path}?sent=1#${writeReviewAnchor}`, {
    status: 303,
    headers: withCookies(response.setCookies),
  });
}

export default function ReviewFacility({ loaderData, actionData }: Route.ComponentProps) {
  const { facility, reviews, sort, signedIn, sent, origin, kept } = loaderData;
  const path = facilityPath(facility._id);
  const totalPages = reviews
    ? Math.max(1, Math.ceil(reviews.total / Math.max(1, reviews.limit)))
    : 1;
  const pageHref = (page: number) => {
    const query = new URLSearchParams();
    if (sort !== 'relevant') query.set('sort', sort);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return `${text ? `${path}?${text}` : path}#reviews`;
  };
  const returnTo = (() => {
    const query = new URLSearchParams();
    if (sort !== 'relevant') query.set('sort', sort);
    if (reviews && reviews.page > 1) query.set('page', String(reviews.page));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  })();
  const usefulResult = resultFor(actionData, 'useful');
  const reviewResult = resultFor(actionData, 'review');

  return (
    <>
      <section aria-labelledby="page-title" className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:px-6 md:py-14">
          <FacilityImage
            facility={facility}
            alt={`${facility.name}`}
            layout="(min-width: 1152px) 440px, (min-width: 768px) 40vw, 100vw"
            priority
            className="aspect-[16/10] w-full rounded-2xl"
          />
          <div className="space-y-4">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {facility.facilityType || 'Healthcare facility'}
            </p>
            <h1
              id="page-title"
              className="text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl"
            >
              {facility.name}
            </h1>
            {facility.verified || facility.isTopRated || facility.paysDirect ? (
              <div className="flex flex-wrap gap-2">
                {facility.verified ? <VerifiedBadge /> : null}
                {facility.isTopRated ? <TopRatedBadge /> : null}
                {facility.paysDirect ? <PaysDirectBadge /> : null}
              </div>
            ) : null}
            <BadgeMeanings
              badges={[
                ...(facility.verified ? (['verified'] as const) : []),
                ...(facility.isTopRated ? (['topRated'] as const) : []),
                ...(facility.paysDirect ? (['paysDirect'] as const) : []),
              ]}
            />
            <p className="flex items-start gap-2 text-slate-700">
              <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <span>
                <span className="sr-only">Address: </span>
                {[facility.address, facility.location].filter(Boolean).join(', ')}
              </span>
            </p>
            {facility.services.length > 0 ? (
              <div>
                <h2 className="text-sm font-semibold text-slate-900">Services</h2>
                <ul className="mt-2 flex flex-wrap gap-1.5">
                  {facility.services.map((service) => (
                    <li
                      key={service}
                      className="rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-800 ring-1 ring-slate-200"
                    >
                      {service}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <a href={`#${writeReviewAnchor}`} className={buttonClass('primary')}>
              <MessageSquareText aria-hidden="true" className="h-4 w-4" />
              Write a review
            </a>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-8">
          <section
            aria-labelledby="ratings-title"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6"
          >
            <h2 id="ratings-title" className="mb-4 text-xl font-bold text-slate-900">
              Ratings
            </h2>
            <RatingBreakdown
              average={facility.averageRating}
              count={facility.reviewCount}
              breakdown={facility.ratingBreakdown}
            />
          </section>
          <ReviewForm
            key={facility.myReview?._id ?? 'new'}
            facilityId={facility._id}
            facilityName={facility.name}
            signedIn={signedIn}
            myReview={facility.myReview}
            result={reviewResult}
            sent={sent}
            kept={kept}
          />
        </div>

        <section
          id="reviews"
          aria-labelledby="reviews-title"
          className="min-w-0 scroll-mt-24 space-y-5"
        >
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="reviews-title" className="text-2xl font-extrabold text-slate-900">
              Reviews
            </h2>
            <form method="get" action={path} className="flex items-end gap-2">
              <div>
                <label htmlFor="review-sort" className="block text-sm font-semibold text-slate-900">
                  Sort by
                </label>
                <select
                  id="review-sort"
                  name="sort"
                  defaultValue={sort}
                  className={`${inputClass} mt-1.5`}
                >
                  {reviewSorts.map((value) => (
                    <option key={value} value={value}>
                      {reviewSortLabels[value]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass('secondary', 'min-h-12')}>
                Sort
              </button>
            </form>
          </div>
          <BadgeMeanings
            badges={reviews?.items.some((review) => review.verified) ? ['verifiedReview'] : []}
          />
          {usefulResult && !usefulResult.ok ? <FormAlert message={usefulResult.message} /> : null}
          {!reviews ? (
            <FormAlert message={errorTexts.fetch} />
          ) : reviews.items.length > 0 ? (
            <>
              <ul className="space-y-4">
                {reviews.items.map((review) => (
                  <li key={review._id}>
                    <ReviewItem
                      review={review}
                      signedIn={signedIn}
                      returnTo={returnTo}
                      shareUrl={`${origin}${path}#review-${review._id}`}
                      facilityName={facility.name}
                    />
                  </li>
                ))}
              </ul>
              <ReviewShareScript shown={reviews.items.map((review) => review._id).join(',')} />
              <Pagination
                label="Review pages"
                page={reviews.page}
                totalPages={totalPages}
                hrefFor={pageHref}
              />
            </>
          ) : (
            <EmptyState
              title="No reviews yet"
              icon={<MessageSquareText aria-hidden="true" className="h-6 w-6" />}
            >
              <p>Be the first to share your experience of {facility.name}.</p>
            </EmptyState>
          )}
        </section>
      </div>
      <ActionToast result={actionData} announce={false} />
    </>
  );
}

/** Unknown facilities get the site's not-found page; a failing API says so plainly. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <ErrorView
      title={errorTexts.fetch}
      message="This facility could not be loaded right now. Please try again in a moment."
    />
  );
}
