import { ChevronDown, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { LogoutForm } from '../../components/account/logout-form.tsx';
import { UserAvatar } from '../../components/account/user-avatar.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import type { HeaderUser } from '../../lib/session.tsx';

interface HeaderAccountProps {
  layout: 'desktop' | 'mobile';
  /** The signed-in user, from the root loader; null for visitors. */
  user: HeaderUser | null;
}

/**
 * The account corner of the header. Visitors get Sign Up and Log In; a signed-in user gets the
 * user menu (docs/product.md#pages-and-navigation): avatar or initial and name, Profile → /account and Logout. On phones the
 * avatar and name link to /account, next to a sign-out icon button.
 */
export function HeaderAccount({ layout, user }: HeaderAccountProps) {
  if (user) return layout === 'mobile' ? <MobileUser user={user} /> : <UserMenu user={user} />;
  const wide = layout === 'mobile' ? 'w-full' : '';
  return (
    <div className={layout === 'mobile' ? 'grid grid-cols-2 gap-3' : 'flex items-center gap-2'}>
      <LinkButton to="/login" variant="secondary" className={wide}>
        Log In
      </LinkButton>
      <LinkButton to="/signup" className={wide}>
        Sign Up
      </LinkButton>
    </div>
  );
}

function fullName(user: HeaderUser): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** A native disclosure like the Resources menu (ADR 002): works before any JavaScript. */
function UserMenu({ user }: { user: HeaderUser }) {
  return (
    <details data-menu="" className="group relative">
      <summary className="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-slate-800 hover:bg-brand-50">
        <UserAvatar user={user} />
        <span className="max-w-40 truncate">{fullName(user)}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="absolute top-full right-0 z-40 mt-2 w-56 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl">
        <ul>
          <li>
            <Link
              to="/account"
              className="flex min-h-11 items-center gap-3 rounded-xl px-3 font-medium text-slate-800 hover:bg-brand-50"
            >
              <UserRound aria-hidden="true" className="h-5 w-5 text-brand-700" />
              Profile
            </Link>
          </li>
          {user.isAdmin ? (
            <li>
              <Link
                to="/admin"
                className="flex min-h-11 items-center gap-3 rounded-xl px-3 font-medium text-slate-800 hover:bg-brand-50"
              >
                <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />
                Admin
              </Link>
            </li>
          ) : null}
          <li>
            <LogoutForm variant="menu" />
          </li>
        </ul>
      </div>
    </details>
  );
}

function MobileUser({ user }: { user: HeaderUser }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <Link
        to="/account"
        className="flex min-h-12 min-w-0 items-center gap-3 rounded-xl px-2 font-semibold text-slate-900 hover:bg-brand-50"
      >
        <UserAvatar user={user} />
        <span className="truncate">{fullName(user)}</span>
      </Link>
      {user.isAdmin ? (
        <Link
          to="/admin"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <ShieldCheck aria-hidden="true" className="h-5 w-5" />
          Admin
        </Link>
      ) : null}
      <LogoutForm variant="icon" />
    </div>
  );
}
