// Being built: Organisers' updates and donors' words of support, to hide one.
export default function Page() {
  return null;
}
