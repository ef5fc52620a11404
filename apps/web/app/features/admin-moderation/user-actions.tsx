import { adminUserTexts, suspensionLimits, type TAdminUser } from '@ipatient/contracts/admin';
import { ShieldMinus, UserCheck } from 'lucide-react';
import { Form } from 'react-router';
import { ConfirmAction, confirmHrefs } from '../../components/admin/confirm-action.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { CsrfField } from '../../lib/session.tsx';
import { ReasonAction } from './reason-action.tsx';

/** What the actions need of the user of a row. */
type ActionUser = Pick<
  TAdminUser,
  '_id' | 'firstName' | 'lastName' | 'email' | 'role' | 'isAdvocate' | 'suspendedAt'
>;

interface UserActionsProps {
  user: ActionUser;
  isSelf: boolean;
  /** The list as the admin sees it (filters and page), where each form returns. */
  here: string;
  /** The no-script confirmation step open on the page (`?confirm=`). */
  confirm: string | null;
  /** The refused suspension of this row, to show its message and the reason typed. */
  refused?: { message: string; errors: Record<string, string>; values: Record<string, string> };
}

function fullName(user: ActionUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/**
 * What an admin can do to one account of the users list: the admin role (never their own), the
 * advocate flag, and the suspension. The forms post `intent`, `userId` and `returnTo`.
 */
export function UserActions({ user, isSelf, here, confirm, refused }: UserActionsProps) {
  const name = fullName(user);
  const removeValue = `remove-admin:${user._id}`;
  const hrefs = confirmHrefs(here, removeValue);
  const simple = (intent: string, label: string) => (
    <Form method="post" action={hrefs.cancelHref} reloadDocument>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={user._id} />
      <input type="hidden" name="returnTo" value={hrefs.cancelHref} />
      <button
        type="submit"
        aria-label={`${label}: ${name}`}
        className={buttonClass('secondary', 'min-h-10 px-4')}
      >
        {label}
      </button>
    </Form>
  );
  return (
    <div className="flex flex-col items-start gap-2">
      {user.role === 'admin' && isSelf ? (
        <p className="max-w-[14rem] text-sm text-slate-600">{adminUserTexts.ownAdminRole}</p>
      ) : user.role === 'admin' ? (
        <ConfirmAction
          id={`remove-admin-${user._id}`}
          label="Remove admin"
          subject={name}
          title="Remove the admin role?"
          description={`${name} will become a member and lose access to the admin console.`}
          confirmLabel="Yes, remove admin"
          action={hrefs.cancelHref}
          fields={{ intent: 'remove-admin', userId: user._id, returnTo: hrefs.cancelHref }}
          confirmHref={hrefs.confirmHref}
          cancelHref={hrefs.cancelHref}
          confirming={confirm === removeValue}
          icon={<ShieldMinus aria-hidden="true" className="h-4 w-4" />}
        />
      ) : user.role === 'member' && !user.suspendedAt ? (
        // A suspended account cannot be made an admin (the API refuses it too).
        simple('make-admin', 'Make admin')
      ) : null}
      {user.isAdvocate
        ? simple('unmark-advocate', 'Remove advocate flag')
        : simple('mark-advocate', 'Mark as advocate')}
      <SuspensionAction
        user={user}
        isSelf={isSelf}
        here={here}
        confirm={confirm}
        refused={refused}
      />
    </div>
  );
}

/**
 * Suspend (with a reason) or lift a suspension. Admins are never offered it: they cannot be
 * suspended (the API refuses too), so no admin can lock the others out.
 */
function SuspensionAction({ user, isSelf, here, confirm, refused }: UserActionsProps) {
  const name = fullName(user);
  if (isSelf || user.role === 'admin') return null;
  if (user.suspendedAt) {
    const value = `unsuspend:${user._id}`;
    const hrefs = confirmHrefs(here, value);
    return (
      <ConfirmAction
        id={`unsuspend-${user._id}`}
        label="Lift suspension"
        subject={name}
        title="Lift the suspension?"
        description={`${name} will be able to sign in again.`}
        confirmLabel="Yes, lift suspension"
        action={hrefs.cancelHref}
        fields={{ intent: 'unsuspend', userId: user._id, returnTo: hrefs.cancelHref }}
        confirmHref={hrefs.confirmHref}
        cancelHref={hrefs.cancelHref}
        confirming={confirm === value}
        icon={<UserCheck aria-hidden="true" className="h-4 w-4" />}
        tone="primary"
      />
    );
  }
  const value = `suspend:${user._id}`;
  const hrefs = confirmHrefs(here, value);
  return (
    <ReasonAction
      id={`suspend-${user._id}`}
      label="Suspend"
      subject={name}
      title={`Suspend ${name}?`}
      description="They are signed out everywhere at once and cannot sign in until you lift the suspension. What they have posted stays. The reason is seen by admins only."
      confirmLabel="Suspend account"
      action={hrefs.cancelHref}
      fields={{ intent: 'suspend', userId: user._id, returnTo: hrefs.cancelHref }}
      reasonLabel="Reason for the suspension"
      minLength={suspensionLimits.reasonMin}
      maxLength={suspensionLimits.reasonMax}
      confirmHref={hrefs.confirmHref}
      cancelHref={hrefs.cancelHref}
      confirming={confirm === value || refused !== undefined}
      value={refused?.values.reason}
      error={refused ? (refused.errors.reason ?? refused.message) : undefined}
    />
  );
}
