// Being built: A gift and its receipt, for a donor without an account (the link in the receipt).
export default function Page() {
  return null;
}
