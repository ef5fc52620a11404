import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type MetaDescriptor } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/meta.ts';

/**
 * The account page's tab content. On a phone it sits below the profile card and the tab list
 * (about 1,100 px down), so tab links and the redirects after saving point at it: the page opens
 * where the content is, with and without JavaScript.
 */
export const accountPanelId = 'account-panel';

/** A tab of the account page (`information` is the page itself), opened at its content. */
export function accountTabPath(tab: string): string {
  return tab === 'information'
    ? `/account#${accountPanelId}`
    : `/account?tab=${tab}#${accountPanelId}`;
}

/** A page of the member's account: its title is both its <title> and its heading. */
export interface AccountPage {
  title: string;
  description: string;
  /** Kept out of search engines' results. */
  noindex?: boolean;
}

export function accountMeta(page: AccountPage): MetaDescriptor[] {
  const meta = pageMeta(page);
  return page.noindex ? [...meta, { name: 'robots', content: 'noindex' }] : meta;
}

/**
 * One of the account's own pages (phone, consents, data, deletion): the route's heading band
 * (`hero`: PageHero, "Account" above the page's title), then a column with the way back to the
 * account and the page's content, and the toast of the page's action.
 */
export function AccountSubpage({
  hero,
  back = '/account',
  result,
  children,
}: {
  hero: ReactNode;
  /** Where "Back to my account" leads: the account page, or the tab the page belongs to. */
  back?: string;
  result: ActionResult | undefined;
  children: ReactNode;
}) {
  return (
    <>
      {hero}
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:px-6 md:py-14">
        <p>
          <Link
            to={back}
            className="inline-flex min-h-12 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
          >
            <ArrowLeft aria-hidden="true" className="h-5 w-5" />
            Back to my account
          </Link>
        </p>
        {children}
      </div>
      <ActionToast result={result} />
    </>
  );
}
