// Being built: Ask for more time for a campaign.
export default function Page() {
  return null;
}
