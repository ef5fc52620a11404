import { LogOut } from 'lucide-react';
import { Form } from 'react-router';
import { CsrfField } from '../../lib/session.tsx';
import { buttonClass } from '../ui/button-styles.ts';

interface LogoutFormProps {
  /** `menu`: a row of the user menu; `icon`: the mobile header's icon button; `button`. */
  variant: 'menu' | 'icon' | 'button';
  className?: string;
}

/** Signing out changes state, so it is a POST (with the CSRF token), never a link. */
export function LogoutForm({ variant, className = '' }: LogoutFormProps) {
  return (
    <Form method="post" action="/logout" className={className}>
      <CsrfField />
      {variant === 'icon' ? (
        <button
          type="submit"
          aria-label="Log Out"
          title="Log Out"
          className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-brand-50 hover:text-brand-900"
        >
          <LogOut aria-hidden="true" className="h-5 w-5" />
        </button>
      ) : variant === 'menu' ? (
        <button
          type="submit"
          className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left font-medium text-slate-800 hover:bg-brand-50"
        >
          <LogOut aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Logout
        </button>
      ) : (
        <button type="submit" className={buttonClass('secondary', 'w-full')}>
          <LogOut aria-hidden="true" className="h-5 w-5" />
          Log Out
        </button>
      )}
    </Form>
  );
}
