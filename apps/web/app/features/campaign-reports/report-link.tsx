import { Flag } from 'lucide-react';

/** Where the report form of a campaign is. */
export function reportPath(campaignId: string): string {
  return `/campaigns/${encodeURIComponent(campaignId)}/report`;
}

/**
 * 'Report this campaign' under the story on every campaign page: a plain link, small and quiet,
 * to the report form (docs/product.md#campaign-reports).
 */
export function ReportCampaignLink({ campaignId }: { campaignId: string }) {
  return (
    <p className="mt-8 border-t border-slate-200 pt-4 text-sm">
      <a
        href={reportPath(campaignId)}
        className="inline-flex min-h-11 items-center gap-1.5 text-slate-700 underline underline-offset-2 hover:text-slate-900"
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        Report this campaign
      </a>
    </p>
  );
}
