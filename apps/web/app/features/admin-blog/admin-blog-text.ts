export const postStatusFilters = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
] as const;
export type PostStatusFilter = (typeof postStatusFilters)[number]['value'];

const adminDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/** A date as admins read it in tables: "5 Mar 2026" (Lagos time). */
export function formatAdminDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return adminDate.format(date);
}
