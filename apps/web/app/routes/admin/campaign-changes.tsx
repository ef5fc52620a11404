// Being built: Changes to live campaigns waiting for review.
export default function Page() {
  return null;
}
