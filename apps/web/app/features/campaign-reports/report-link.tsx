/** 'Report this campaign' on every campaign page (filled in by the reports feature). */
export function ReportCampaignLink(_props: { campaignId: string }) {
  return null;
}
