// Being built: Stop a campaign's update emails (the link in every update email).
export default function Page() {
  return null;
}
