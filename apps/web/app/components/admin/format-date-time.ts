import { formatDate } from '@ipatient/contracts/format';

const timeFormat = new Intl.DateTimeFormat('en-NG', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Africa/Lagos',
});

/** "05 March 2025, 4:05 pm": a moment in Lagos time, for admin tables. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = timeFormat.format(date).replace(/\s*([ap])\.?m\.?$/i, ' $1m');
  return `${formatDate(date)}, ${time.toLowerCase()}`;
}
