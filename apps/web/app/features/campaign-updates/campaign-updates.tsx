/** The campaign page's timeline of updates and words of support (filled in by the feature). */
export function CampaignUpdates(_props: { updates: null }) {
  return null;
}
