const nairaFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});

/** Naira, en-NG, no decimals: 150000 → "₦150,000". */
export function formatNaira(amount: number): string {
  return nairaFormat.format(amount);
}

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/** Dates as DD MMMM YYYY ("05 March 2025"), in Lagos time whatever the server's zone. */
export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  const parts = Object.fromEntries(dateFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/** The first `length` characters of a text, with an ellipsis when it was longer. */
export function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}...`;
}

/** Plain text of an HTML fragment, for excerpts and share texts. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
