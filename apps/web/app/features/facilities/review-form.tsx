import { reviewLimits } from '@ipatient/contracts/facility-rules';
import { CircleCheck, LogIn, Star } from 'lucide-react';
import { useEffect } from 'react';
import { KeptDraftNote } from '../../components/forms/kept-draft-note.tsx';
import { InlineScript } from '../../components/inline-script.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { writeReviewAnchor } from './facility-text.ts';
import type { Review } from './facility-types.ts';
import {
  enhanceReviewForm,
  type ReviewFormTexts,
  reviewFormScript,
} from './review-form-enhance.ts';
import { ReviewStatusBadge } from './review-status-badge.tsx';

const stars = [1, 2, 3, 4, 5] as const;

const texts: ReviewFormTexts = { sending: 'Sending…' };

function starLabel(value: number): string {
  return value === 1 ? '1 star' : `${value} stars`;
}

/**
 * The chosen star and those before it are filled, by CSS alone (no script needed): a label
 * holding the checked radio, or followed by the label that holds it.
 */
const filledStars =
  '[&_label:has(input:checked)_svg]:fill-amber-500 [&_label:has(input:checked)_svg]:text-amber-600 [&_label:has(~label_input:checked)_svg]:fill-amber-500 [&_label:has(~label_input:checked)_svg]:text-amber-600';

/**
 * The 1–5 rating as a radio group: arrow keys move between the stars, each star is labelled
 * '1 star' … '5 stars'.
 */
function StarPicker({ value, error }: { value: number; error: string | undefined }) {
  const errorId = error ? 'review-rating-error' : undefined;
  return (
    <fieldset aria-describedby={errorId} data-review-picker="">
      <legend className="text-sm font-semibold text-slate-900">Your rating</legend>
      <div className={`mt-1.5 flex gap-1 ${filledStars}`}>
        {stars.map((star) => (
          <label
            key={star}
            className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-700"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              defaultChecked={value === star}
              className="sr-only"
            />
            <span className="sr-only">{starLabel(star)}</span>
            <Star aria-hidden="true" className="h-8 w-8 fill-none text-slate-500" />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface ReviewFormProps {
  facilityId: string;
  facilityName: string;
  signedIn: boolean;
  myReview: Review | null;
  /** The answer of the last post of this form (errors and what was typed). */
  result: ActionResult | undefined;
  /** The thank-you when the page was loaded right after the review was sent. */
  sent: string | null;
  /** What was typed before logging in, kept for this page (filled in once, with a note). */
  kept?: Record<string, string> | null | undefined;
}

/**
 * Write (or edit) a review: a plain form posting to the page, so the facility page sends no
 * JavaScript bundle. A small inline script (review-form-enhance.ts) shows the star picker and
 * Submit once there is text and makes Submit wait for a rating; without it both are always
 * shown and the server asks for a missing rating. Visitors write it too, and 'Log in to submit'
 * keeps what they wrote while they log in.
 */
export function ReviewForm({
  facilityName,
  signedIn,
  myReview,
  result,
  sent,
  kept,
}: ReviewFormProps) {
  // Only when React renders this in the browser (`npm run dev`, or a client-side navigation
  // from a page that hydrates): the inline script below does not run then.
  useEffect(() => enhanceReviewForm(texts), []);
  const values = result?.values ?? kept ?? undefined;
  const typedRating = Number(values?.rating);
  const rating = typedRating >= 1 && typedRating <= 5 ? typedRating : (myReview?.rating ?? 0);
  const errors = result?.errors ?? {};

  return (
    <section
      id={writeReviewAnchor}
      aria-labelledby="write-review-title"
      tabIndex={-1}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6"
    >
      <h2 id="write-review-title" className="text-xl font-bold text-slate-900">
        {myReview ? 'Your review' : 'Write a review'}
      </h2>
      {sent ? (
        <p
          role="status"
          className="mt-4 flex gap-2 rounded-xl border border-brand-300 bg-brand-50 p-4 text-sm font-medium text-brand-900"
        >
          <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
          {sent}
        </p>
      ) : null}
      {!signedIn ? (
        <p className="mt-3 text-slate-700">
          Been to {facilityName}? Share your experience to help other patients. Write it here, then
          log in or sign up to send it: what you wrote is kept.
        </p>
      ) : null}
      {signedIn && myReview ? (
        <div className="mt-3 space-y-2">
          <ReviewStatusBadge status={myReview.status} />
          {myReview.status === 'rejected' && myReview.rejectionReason ? (
            <p className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
              <span className="font-semibold">Reason: </span>
              {myReview.rejectionReason}
            </p>
          ) : null}
          <p className="text-sm text-slate-700">
            Editing your review sends it to our team again before it is shown.
          </p>
        </div>
      ) : null}
      <form method="post" className="mt-4 space-y-4" data-review-form="">
        <CsrfField />
        <input type="hidden" name="intent" value="review" />
        {signedIn && myReview ? <input type="hidden" name="reviewId" value={myReview._id} /> : null}
        <KeptDraftNote shown={!result && !!kept} />
        {result && !result.ok ? <FormAlert message={result.message} /> : null}
        <TextField
          id="review-title"
          name="title"
          label="Title (optional)"
          maxLength={reviewLimits.titleMax}
          defaultValue={values?.title ?? myReview?.title ?? ''}
          error={errors.title}
        />
        <TextAreaField
          id="review-content"
          name="content"
          label="Your review"
          rows={5}
          required
          minLength={reviewLimits.contentMin}
          maxLength={reviewLimits.contentMax}
          defaultValue={values?.content ?? myReview?.content ?? ''}
          hint={`Between ${reviewLimits.contentMin} and ${reviewLimits.contentMax.toLocaleString('en-NG')} characters: what went well, what did not.`}
          error={errors.content}
        />
        <StarPicker value={rating} error={errors.rating} />
        {!signedIn ? (
          // A real submit: the review goes along and is kept while they log in. Unfinished
          // is fine (no browser checks): it is checked when they send it signed in.
          <button type="submit" formNoValidate className={buttonClass('primary')}>
            <LogIn aria-hidden="true" className="h-4 w-4" />
            Log in to submit
          </button>
        ) : (
          <>
            <button
              type="submit"
              data-review-submit=""
              className={buttonClass('primary', 'disabled:cursor-not-allowed disabled:opacity-60')}
            >
              Submit
            </button>
            <p data-review-needs-rating="" hidden className="text-sm text-slate-600">
              Choose a rating to submit your review.
            </p>
          </>
        )}
      </form>
      <InlineScript code={() => reviewFormScript(texts)} />
    </section>
  );
}
