import { Clock } from 'lucide-react';
import { type ReactNode, useId } from 'react';

interface ArrivingNoticeProps {
  title: string;
  children: ReactNode;
}

/** An honest note that a feature of this page is still being built, and what to do meanwhile. */
export function ArrivingNotice({ title, children }: ArrivingNoticeProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex gap-4 rounded-2xl border border-brand-200 bg-white p-5 shadow-sm md:p-6"
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Clock aria-hidden="true" className="h-5 w-5" />
      </span>
      <div>
        <h2 id={headingId} className="font-bold text-slate-900">
          {title}
        </h2>
        <div className="mt-1 space-y-3 text-slate-700">{children}</div>
      </div>
    </section>
  );
}
