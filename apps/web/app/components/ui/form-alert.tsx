import { CircleAlert } from 'lucide-react';

/**
 * A form's error message, kept in the page next to the form (the toast fades after 4 s; this
 * stays until the next try). Announced when it appears after a submission.
 */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800"
    >
      <CircleAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
