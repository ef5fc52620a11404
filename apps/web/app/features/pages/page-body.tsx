import type { ReactNode } from 'react';

/** The content column under a page hero. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl space-y-10 px-4 py-12 md:px-6 md:py-16">{children}</div>;
}
