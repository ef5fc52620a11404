/**
 * The brand setting: every page and email takes the product word and the site name from here,
 * never from literals scattered through the code.
 */
export const brand = {
  /** The word the specification writes as `{product}`. */
  product: 'Patient',
  /** The site name shown in the header, titles and emails. */
  siteName: 'iPatient',
  /** The address emails and pages fall back on before an admin publishes the contact details. */
  contactEmail: 'hello@ipatient.ng',
} as const;

/** Replaces `{product}` in a text with the brand word ("{product} Rights" → "Patient Rights"). */
export function brandText(text: string): string {
  return text.replaceAll('{product}', brand.product);
}
