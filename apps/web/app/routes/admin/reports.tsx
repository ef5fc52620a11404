// Being built: Reports of campaigns, the queue.
export default function Page() {
  return null;
}
