import type { ReactNode } from 'react';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { AdminPageHeader } from './admin-page-header.tsx';

interface AdminDetailHeaderProps {
  /** The list the thing belongs to, e.g. { to: '/admin/payouts', label: 'Back to payouts' }. */
  back: { to: string; label: string };
  title: string;
  /** The thing's status pill. */
  status: ReactNode;
  /** A few words after the status ("For <campaign>"). */
  about: ReactNode;
  /** The page's action result: a success is a toast, a refusal an alert under the heading... */
  result: ActionResult | undefined;
  /** ...unless it belongs to one of these intents, whose forms show it at their fields. */
  fieldIntents: readonly string[];
}

/**
 * The top of an admin page about one thing (a payout, a report, a complaint): the way back to
 * its list, its title with its status, and the refusals of the page's buttons without fields.
 */
export function AdminDetailHeader({
  back,
  title,
  status,
  about,
  result,
  fieldIntents,
}: AdminDetailHeaderProps) {
  const refusal =
    result && !result.ok && !fieldIntents.includes(result.intent) ? result.message : undefined;
  return (
    <>
      <ActionToast result={result} />
      <AdminPageHeader
        back={back}
        title={title}
        lead={
          <p className="flex flex-wrap items-center gap-2">
            {status} {about}
          </p>
        }
      />
      <FormAlert message={refusal} />
    </>
  );
}
