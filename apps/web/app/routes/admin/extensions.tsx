// Being built: Organisers' requests for more time.
export default function Page() {
  return null;
}
