import { LockKeyhole } from 'lucide-react';
import { adminOnlyRefusal } from '../../lib/admin-only.ts';
import { LinkButton } from '../ui/link-button.tsx';

/** The page a signed-in member sees on an admin address (served with HTTP 403). */
export function AdminOnlyView() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center md:py-28">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <LockKeyhole aria-hidden="true" className="h-7 w-7" />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Admin console
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900 md:text-4xl">
        This page is for administrators
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        {adminOnlyRefusal.message} Your account is a member account, so the admin console stays
        closed to you. If you think you should have access, contact us.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LinkButton to="/">Go to the home page</LinkButton>
        <LinkButton to="/account" variant="secondary">
          Go to your account
        </LinkButton>
        <LinkButton to="/contact" variant="secondary">
          Contact us
        </LinkButton>
      </div>
    </section>
  );
}
