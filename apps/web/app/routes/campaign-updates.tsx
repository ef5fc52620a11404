// Being built: An organiser's updates, words of support and thanks for one campaign.
export default function Page() {
  return null;
}
