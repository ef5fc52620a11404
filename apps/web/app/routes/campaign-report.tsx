// Being built: Report this campaign.
export default function Page() {
  return null;
}
