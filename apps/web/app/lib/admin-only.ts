/**
 * The body of the 403 a signed-in member gets from an admin page. The root error boundary
 * recognises it and shows a page that explains the refusal, so a member who follows an old
 * link or types /admin is told why the door is closed rather than that something broke.
 */
export const adminOnlyRefusal = {
  reason: 'admin-only',
  message: 'Only administrators can open this page.',
} as const;

export function isAdminOnlyRefusal(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { reason?: unknown }).reason === adminOnlyRefusal.reason
  );
}
