// Being built: One report of a campaign.
export default function Page() {
  return null;
}
