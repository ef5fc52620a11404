import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { campaignTabPath } from './campaign-tab-path.ts';

/** How wide an organiser's page runs: a short form, or lists and the wizard. */
const widths = { narrow: 'max-w-3xl', medium: 'max-w-4xl', wide: 'max-w-6xl' } as const;

interface OrganiserPageHeaderProps {
  /** The campaign the page is about, over the title (left out when it is not known). */
  campaign: string | null;
  title: string;
  width: keyof typeof widths;
  /** The lead under the title. */
  children?: ReactNode;
}

/**
 * The band atop an organiser's pages about one of their campaigns (edit, more time, updates,
 * payouts): the campaign's name, the page's one h1 and a lead.
 */
export function OrganiserPageHeader({
  campaign,
  title,
  width,
  children,
}: OrganiserPageHeaderProps) {
  return (
    <section aria-labelledby="page-title" className="border-b border-brand-100 bg-brand-50">
      <div className={`mx-auto ${widths[width]} px-4 py-8 md:px-6 md:py-10`}>
        {campaign ? (
          <p className="text-sm font-semibold tracking-wide break-words text-brand-700 uppercase">
            {campaign}
          </p>
        ) : null}
        <h1
          id="page-title"
          className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl"
        >
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

/** The way back from an organiser's page to the account's Campaign tab. */
export function BackToCampaigns({ className }: { className?: string }) {
  return (
    <LinkButton to={campaignTabPath} variant="secondary" className={className}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to your campaigns
    </LinkButton>
  );
}
