import type { TSocialMedia } from '@ipatient/contracts/site-docs';
import type { ReactNode } from 'react';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import type { HeaderUser } from '../../lib/session.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

interface SiteShellProps {
  children: ReactNode;
  /** Shown first after the skip link, so keyboard users reach it early (the cookie banner). */
  notice?: ReactNode;
  /** Social profiles for the footer, from the website documents. */
  socialMedia?: TSocialMedia;
  /** The signed-in user for the header's user menu; null for visitors. */
  user?: HeaderUser | null;
  /** Payments and bank lookups are the sandbox: say so on every page. */
  sandbox?: boolean;
}

/**
 * On a site whose payments are the sandbox, nobody may take it for the real thing: no donation
 * made here moves money, and bank account names are made up.
 */
function SandboxNotice() {
  return (
    <aside
      aria-label="Sandbox notice"
      className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      <p>
        <strong>Sandbox site:</strong> payments and bank account checks are simulated, and no money
        moves.
      </p>
    </aside>
  );
}

/** Landmarks every page shares: skip link, header, main (the skip link's target), footer. */
export function SiteShell({
  children,
  notice,
  socialMedia = {},
  user = null,
  sandbox = false,
}: SiteShellProps) {
  return (
    <>
      <SkipLink />
      {sandbox ? <SandboxNotice /> : null}
      {notice}
      <SiteHeader user={user} />
      <main id="main-content" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter socialMedia={socialMedia} />
      {/* Announces choices saved in the background (cookie consent) to screen readers. */}
      <div role="status" aria-live="polite" data-consent-status="" className="sr-only" />
    </>
  );
}
