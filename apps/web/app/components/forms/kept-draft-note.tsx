import { CircleCheck } from 'lucide-react';

/** Shown at a form that came back filled in after the person logged in. */
export const keptDraftText = 'We kept what you wrote. Check it and submit.';

/** The note above a form filled in from what was typed before logging in. */
export function KeptDraftNote({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p
      role="status"
      className="flex gap-2 rounded-xl border border-brand-300 bg-brand-50 p-4 text-sm font-medium text-brand-900"
    >
      <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
      {keptDraftText}
    </p>
  );
}
