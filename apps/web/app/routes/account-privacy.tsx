/** Placeholder until its feature lands. */
export default function Placeholder() {
  return null;
}
