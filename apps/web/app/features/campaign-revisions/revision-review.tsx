import { revisionReasonMax } from '@ipatient/contracts/campaign-revision-texts';
import type { TCampaignRevision } from '@ipatient/contracts/campaign-revisions';
import { formatDate } from '@ipatient/contracts/format';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { imageUrl } from '../../components/ui/responsive-image.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { ChangeList } from './change-list.tsx';

type CoverSizes = NonNullable<TCampaignRevision['cover']>['before'];

function CoverFigure({ sizes, caption }: { sizes: CoverSizes; caption: string }) {
  const size = sizes.at(0);
  return (
    <figure className="min-w-0">
      {size ? (
        <img
          src={imageUrl(size.path)}
          width={size.width}
          height={size.height}
          alt={caption}
          className="aspect-[3/2] w-full rounded-xl object-cover"
        />
      ) : (
        <p className="text-slate-700">(no photo)</p>
      )}
      <figcaption className="mt-1 text-sm text-slate-700">{caption}</figcaption>
    </figure>
  );
}

/** What a pending change does: the bank warning, the fields (before, after) and the cover. */
export function RevisionDiff({ revision }: { revision: TCampaignRevision }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Saved by {revision.organiser.firstName} {revision.organiser.lastName} on{' '}
        {formatDate(revision.submittedAt)}. Visitors see the approved version until you decide.
      </p>
      {revision.bankChanged ? (
        <p className="flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 font-semibold text-red-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          The bank account changes. Payouts are on hold until you approve it with the checklist.
        </p>
      ) : null}
      {revision.changes.length > 0 ? <ChangeList changes={revision.changes} /> : null}
      {revision.cover ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <CoverFigure sizes={revision.cover.before} caption="Cover photo now" />
          <CoverFigure sizes={revision.cover.after} caption="New cover photo" />
        </div>
      ) : null}
    </div>
  );
}

/** The answer of the page's action to a decision on the change. */
export interface RevisionResult {
  ok: boolean;
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * The admin's decision on a live campaign's pending change: approve (a bank change needs the
 * verification checklist, given as `checklist`) or reject with a reason, in plain forms.
 */
export function RevisionDecision({
  revision,
  action,
  checklist,
  result,
}: {
  revision: TCampaignRevision;
  action: string;
  checklist: ReactNode;
  result: RevisionResult | undefined;
}) {
  const rejected = result?.intent === 'reject-change' ? result : undefined;
  const approved = result?.intent === 'approve-change' ? result : undefined;
  return (
    <section
      id="pending-change"
      aria-labelledby="pending-change-title"
      className="space-y-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-6"
    >
      <h2 id="pending-change-title" className="text-xl font-bold text-slate-900">
        Changes waiting for review
      </h2>
      <RevisionDiff revision={revision} />
      <form method="post" action={action} className="space-y-3">
        <CsrfField />
        <input type="hidden" name="intent" value="approve-change" />
        <input type="hidden" name="expectedSubmittedAt" value={revision.submittedAt} />
        {checklist}
        <FormAlert message={approved?.ok === false ? approved.message : undefined} />
        <button type="submit" className={buttonClass('primary')}>
          Approve changes
        </button>
      </form>
      <form method="post" action={action} className="space-y-2">
        <CsrfField />
        <input type="hidden" name="intent" value="reject-change" />
        <input type="hidden" name="expectedSubmittedAt" value={revision.submittedAt} />
        <label htmlFor="change-reason" className="block font-semibold text-slate-900">
          Reason for rejecting the changes
        </label>
        <textarea
          id="change-reason"
          name="reason"
          required
          maxLength={revisionReasonMax}
          rows={3}
          defaultValue={rejected?.values.reason ?? ''}
          aria-invalid={rejected?.errors.reason ? true : undefined}
          aria-describedby={rejected?.errors.reason ? 'change-reason-error' : undefined}
          className="block w-full rounded-lg border border-slate-300 p-2"
        />
        {rejected?.errors.reason ? (
          <p id="change-reason-error" className="text-sm font-semibold text-red-800">
            {rejected.errors.reason}
          </p>
        ) : null}
        <button type="submit" className={buttonClass('secondary')}>
          Reject changes
        </button>
      </form>
    </section>
  );
}
