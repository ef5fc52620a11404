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
}

/** Landmarks every page shares: skip link, header, main (the skip link's target), footer. */
export function SiteShell({ children, notice, socialMedia = {}, user = null }: SiteShellProps) {
  return (
    <>
      <SkipLink />
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
