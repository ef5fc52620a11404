import { revisionTexts } from '@ipatient/contracts/campaign-revision-texts';
import type { TRevisionChange } from '@ipatient/contracts/campaign-revisions';
import { formatDate } from '@ipatient/contracts/format';
import { Clock } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { CsrfField } from '../../lib/session.tsx';
import { ChangeList } from './change-list.tsx';

/**
 * On the edit screen of a live campaign whose change waits for review: what waits, that
 * visitors see the approved version meanwhile, and a plain form to withdraw it (no JavaScript
 * needed; the page's action answers with a redirect).
 */
export function PendingChangeNotice({
  changes,
  submittedAt,
}: {
  changes: readonly TRevisionChange[];
  submittedAt: string;
}) {
  return (
    <section
      aria-labelledby="pending-change-title"
      className="mb-8 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-6"
    >
      <h2
        id="pending-change-title"
        className="flex items-center gap-2 text-lg font-bold text-slate-900"
      >
        <Clock aria-hidden="true" className="h-5 w-5 text-amber-700" />
        Changes waiting for review
      </h2>
      <p className="mt-2 text-slate-800">{revisionTexts.waitingNote}</p>
      <p className="mt-1 text-sm text-slate-700">Saved on {formatDate(submittedAt)}.</p>
      {changes.length > 0 ? <ChangeList changes={changes} /> : null}
      <form method="post" className="mt-4">
        <CsrfField />
        <input type="hidden" name="intent" value="withdraw-change" />
        <button type="submit" className={buttonClass('secondary')}>
          Withdraw these changes
        </button>
      </form>
    </section>
  );
}
