import { reviewLimits } from '@ipatient/contracts/facility-rules';
import { CircleCheck, LogIn, Star } from 'lucide-react';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { KeptDraftNote } from '../form-drafts/kept-draft-note.tsx';
import { writeReviewAnchor } from './facility-text.ts';
import type { Review } from './facility-types.ts';
import { ReviewStatusBadge } from './review-status-badge.tsx';

const stars = [1, 2, 3, 4, 5] as const;

function starLabel(value: number): string {
  return value === 1 ? '1 star' : `${value} stars`;
}

interface StarPickerProps {
  value: number;
  onChange: (value: number) => void;
  error: string | undefined;
}

/**
 * The 1–5 rating as a radio group: arrow keys move between the stars, each star is labelled
 * '1 star' … '5 stars', the chosen one and those below it are filled.
 */
function StarPicker({ value, onChange, error }: StarPickerProps) {
  const errorId = error ? 'review-rating-error' : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold text-slate-900">Your rating</legend>
      <div className="mt-1.5 flex gap-1">
        {stars.map((star) => (
          <label
            key={star}
            className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-700"
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span className="sr-only">{starLabel(star)}</span>
            <Star
              aria-hidden="true"
              className={`h-8 w-8 ${star <= value ? 'fill-amber-500 text-amber-600' : 'fill-none text-slate-500'}`}
            />
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
 * Write (or edit) a review. The star picker and Submit appear once there is text, and Submit
 * waits for a rating (SPEC §2, §5). Before the script has loaded both are always shown: the
 * form then posts as plain HTML and the server asks for a missing rating. Visitors write it
 * too, and 'Log in to submit' keeps what they wrote while they log in.
 */
export function ReviewForm({
  facilityName,
  signedIn,
  myReview,
  result,
  sent,
  kept,
}: ReviewFormProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const values = result?.values ?? kept ?? undefined;
  const [content, setContent] = useState(values?.content ?? myReview?.content ?? '');
  const [rating, setRating] = useState(() => {
    const typed = Number(values?.rating);
    if (typed >= 1 && typed <= 5) return typed;
    return myReview?.rating ?? 0;
  });
  const errors = result?.errors ?? {};
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST';
  const showPicker = !hydrated || content.trim().length > 0;

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
      <Form method="post" className="mt-4 space-y-4">
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
          value={content}
          onChange={(event) => setContent(event.target.value)}
          hint={`Between ${reviewLimits.contentMin} and ${reviewLimits.contentMax.toLocaleString('en-NG')} characters: what went well, what did not.`}
          error={errors.content}
        />
        {showPicker ? (
          <StarPicker value={rating} onChange={setRating} error={errors.rating} />
        ) : null}
        {!signedIn ? (
          // A real submit: the review goes along and is kept while they log in. Unfinished
          // is fine (no browser checks): it is checked when they send it signed in.
          <button type="submit" formNoValidate className={buttonClass('primary')}>
            <LogIn aria-hidden="true" className="h-4 w-4" />
            Log in to submit
          </button>
        ) : showPicker ? (
          <>
            <button
              type="submit"
              disabled={(hydrated && rating === 0) || submitting}
              className={buttonClass('primary', 'disabled:cursor-not-allowed disabled:opacity-60')}
            >
              {submitting ? 'Sending…' : 'Submit'}
            </button>
            {hydrated && rating === 0 ? (
              <p className="text-sm text-slate-600">Choose a rating to submit your review.</p>
            ) : null}
          </>
        ) : null}
      </Form>
    </section>
  );
}
