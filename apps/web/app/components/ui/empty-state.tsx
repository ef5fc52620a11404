import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
}

/** What a list shows while it has nothing in it yet: says so plainly, no placeholder cards. */
export function EmptyState({ title, children, icon }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border border-dashed border-brand-300 bg-brand-50/60 px-6 py-10 text-center">
      {icon ? (
        <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-white text-brand-700">
          {icon}
        </div>
      ) : null}
      <p className="font-semibold text-slate-900">{title}</p>
      <div className="mx-auto mt-2 max-w-md text-sm text-slate-600">{children}</div>
    </div>
  );
}
