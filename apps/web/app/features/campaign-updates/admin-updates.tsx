import type {
  TAdminCampaignUpdate,
  TAdminWordOfSupport,
} from '@ipatient/contracts/campaign-updates';
import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { EyeOff, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

export const adminUpdatesPath = '/admin/campaign-updates';

/** Links to the campaign and to this list filtered to it. */
function CampaignLinks({ campaign }: { campaign: { _id: string; title: string } }) {
  return (
    <p className="text-sm text-slate-700">
      <a
        href={`/campaigns/${campaign._id}`}
        className="font-semibold break-words text-brand-800 underline underline-offset-2"
      >
        {campaign.title}
      </a>{' '}
      ·{' '}
      <a
        href={`${adminUpdatesPath}?${new URLSearchParams({ campaignId: campaign._id })}`}
        className="inline-flex min-h-11 items-center text-slate-700 underline underline-offset-2"
      >
        Only this campaign
      </a>
    </p>
  );
}

const cardClass = (muted: boolean) =>
  `space-y-2 rounded-2xl border p-4 shadow-sm ${muted ? 'border-slate-300 bg-slate-50' : 'border-slate-200 bg-white'}`;

/** One update with its campaign; `hide` is the hide action (with its reason) while shown. */
export function UpdateModerationCard({
  update,
  hide,
}: {
  update: TAdminCampaignUpdate;
  hide: ReactNode;
}) {
  return (
    <article
      aria-label={`Update on ${update.campaign.title}`}
      className={cardClass(update.hiddenAt !== null)}
    >
      <CampaignLinks campaign={update.campaign} />
      <p className="text-sm text-slate-600">{formatDate(update.createdAt)}</p>
      <p className="break-words whitespace-pre-line text-slate-800">{update.body}</p>
      {update.hiddenAt ? (
        <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
          <EyeOff aria-hidden="true" className="h-4 w-4" />
          Hidden {formatDate(update.hiddenAt)}
          {update.hiddenReason ? `: ${update.hiddenReason}` : ''}
        </p>
      ) : (
        hide
      )}
    </article>
  );
}

/** One word of support; reported ones say so; Hide is a plain post. */
export function WordModerationCard({
  word,
  current,
  result,
}: {
  word: TAdminWordOfSupport;
  /** The list as the admin sees it, where the action returns. */
  current: string;
  result: ActionResult | undefined;
}) {
  return (
    <article aria-label={`Message from ${word.name}`} className={cardClass(word.hiddenAt !== null)}>
      <CampaignLinks campaign={word.campaign} />
      {word.reportedAt && !word.hiddenAt ? (
        <p className="flex items-center gap-1.5 text-sm font-semibold text-red-800">
          <Flag aria-hidden="true" className="h-4 w-4" />
          Reported by the organiser {formatDate(word.reportedAt)}
        </p>
      ) : null}
      <p className="break-words whitespace-pre-line text-slate-800">{word.message}</p>
      <p className="text-sm text-slate-700">
        {word.name} · {formatNaira(word.amount)} · {formatDate(word.paidAt)}
      </p>
      {result?.ok === false ? <FormAlert message={result.message} /> : null}
      {word.hiddenAt ? (
        <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
          <EyeOff aria-hidden="true" className="h-4 w-4" />
          Hidden {formatDate(word.hiddenAt)}
        </p>
      ) : (
        <Form method="post" action={adminUpdatesPath} reloadDocument>
          <CsrfField />
          <input type="hidden" name="intent" value="hide-word" />
          <input type="hidden" name="id" value={word._id} />
          <input type="hidden" name="returnTo" value={current} />
          <button type="submit" className={buttonClass('secondary')}>
            <EyeOff aria-hidden="true" className="h-4 w-4" />
            Hide<span className="sr-only"> the message from {word.name}</span>
          </button>
        </Form>
      )}
    </article>
  );
}
