import {
  campaignUpdateLimits,
  type TOrganiserGift,
  type TOwnCampaignUpdate,
} from '@ipatient/contracts/campaign-updates';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { EyeOff, Flag, Send } from 'lucide-react';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { UpdateEntry } from './campaign-updates.tsx';

const fileInputClass =
  'mt-1.5 block w-full text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800';

/** The form of a new update: text and an optional photo (a plain multipart post). */
export function PostUpdateForm({ result }: { result: ActionResult | undefined }) {
  const errors = result?.errors ?? {};
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      reloadDocument
      aria-labelledby="post-title"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="post-title" className="text-xl font-bold text-slate-900">
        Post an update
      </h2>
      <FormAlert message={result?.ok === false ? result.message : undefined} />
      <CsrfField />
      <input type="hidden" name="intent" value="post" />
      <TextAreaField
        label="Your update"
        name="body"
        rows={6}
        required
        maxLength={campaignUpdateLimits.bodyMax}
        defaultValue={result?.values.body}
        error={errors.body}
        hint={`Up to ${campaignUpdateLimits.bodyMax.toLocaleString('en-NG')} characters. It shows on the campaign page at once and is emailed to donors who asked for updates.`}
      />
      <div>
        <label htmlFor="image" className="block text-sm font-semibold text-slate-900">
          Photo (optional)
        </label>
        <input
          id="image"
          name="image"
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={errors.image ? 'image-error image-hint' : 'image-hint'}
          aria-invalid={errors.image ? true : undefined}
          className={fileInputClass}
        />
        {errors.image ? (
          <p id="image-error" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.image}
          </p>
        ) : null}
        <p id="image-hint" className="mt-1.5 text-sm text-slate-600">
          A PNG or JPEG photo, like a campaign cover.
        </p>
      </div>
      <button type="submit" className={buttonClass('primary')}>
        <Send aria-hidden="true" className="h-4 w-4" />
        Post update
      </button>
    </Form>
  );
}

/** The organiser's updates, hidden ones marked with the admins' reason. */
export function OwnUpdatesList({ updates }: { updates: TOwnCampaignUpdate[] }) {
  return (
    <section aria-labelledby="own-updates-title">
      <h2 id="own-updates-title" className="text-xl font-bold text-slate-900">
        Your updates
      </h2>
      {updates.length === 0 ? (
        <p className="mt-2 text-slate-700">You have not posted an update yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {updates.map((update) => (
            <li
              key={update._id}
              className={`rounded-2xl border p-4 ${update.hiddenAt ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
            >
              {update.hiddenAt ? (
                <p className="mb-2 flex items-center gap-1.5 font-semibold text-amber-900">
                  <EyeOff aria-hidden="true" className="h-4 w-4" />
                  Hidden by our team
                  {update.hiddenReason ? `: ${update.hiddenReason}` : ''}
                </p>
              ) : null}
              <UpdateEntry update={update} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface GiftsListProps {
  gifts: TOrganiserGift[];
  /** The refused thank-you or report, if the last one was (its intent names the gift). */
  result: ActionResult | undefined;
}

function ThankForm({ gift, result }: { gift: TOrganiserGift; result: ActionResult | undefined }) {
  const id = `note-${gift._id}`;
  return (
    <Form method="post" reloadDocument className="mt-3 space-y-3">
      <CsrfField />
      <input type="hidden" name="intent" value="thank" />
      <input type="hidden" name="donationId" value={gift._id} />
      <TextAreaField
        id={id}
        label={`Note to ${gift.name} (optional)`}
        name="note"
        rows={2}
        maxLength={campaignUpdateLimits.thankNoteMax}
        defaultValue={result?.values.note}
        error={result?.errors.note}
        hint={`Up to ${campaignUpdateLimits.thankNoteMax} characters, emailed with your thanks. We never show you the donor’s email.`}
      />
      <button type="submit" className={buttonClass('secondary')}>
        Say thank you<span className="sr-only"> to {gift.name}</span>
      </button>
    </Form>
  );
}

/** Recent gifts: thank each donor once, report a message to the admins. */
export function GiftsList({ gifts, result }: GiftsListProps) {
  return (
    <section aria-labelledby="gifts-title">
      <h2 id="gifts-title" className="text-xl font-bold text-slate-900">
        Donors and words of support
      </h2>
      {gifts.length === 0 ? (
        <p className="mt-2 text-slate-700">No donations yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {gifts.map((gift) => {
            const mine = result?.intent.endsWith(`:${gift._id}`) ? result : undefined;
            return (
              <li
                key={gift._id}
                className="rounded-2xl border border-slate-200 bg-white p-4"
                aria-label={`${gift.name}, ${formatNaira(gift.amount)}`}
              >
                <p className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold text-slate-900">{gift.name}</span>
                  <span className="font-bold text-slate-900">{formatNaira(gift.amount)}</span>
                </p>
                <p className="text-sm text-slate-600">{formatDate(gift.paidAt)}</p>
                {gift.message ? (
                  <p className="mt-2 break-words whitespace-pre-line text-slate-800">
                    {gift.message}
                  </p>
                ) : null}
                {gift.messageHidden ? (
                  <p className="mt-1 text-sm font-semibold text-amber-900">
                    Hidden from the campaign page by our team.
                  </p>
                ) : gift.messageReported ? (
                  <p className="mt-1 text-sm font-semibold text-slate-700">Reported to our team.</p>
                ) : null}
                {mine?.ok === false ? <FormAlert message={mine.message} /> : null}
                {gift.message && !gift.messageReported && !gift.messageHidden ? (
                  <Form method="post" reloadDocument className="mt-2">
                    <CsrfField />
                    <input type="hidden" name="intent" value="report" />
                    <input type="hidden" name="donationId" value={gift._id} />
                    <button
                      type="submit"
                      className="inline-flex min-h-11 items-center gap-1.5 text-sm text-slate-700 underline underline-offset-2"
                    >
                      <Flag aria-hidden="true" className="h-4 w-4" />
                      Report this message<span className="sr-only"> from {gift.name}</span>
                    </button>
                  </Form>
                ) : null}
                {gift.thanked ? (
                  <p className="mt-2 text-sm font-semibold text-brand-800">
                    You thanked this donor.
                  </p>
                ) : (
                  <ThankForm gift={gift} result={mine} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
