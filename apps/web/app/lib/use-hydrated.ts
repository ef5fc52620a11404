import { useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true once React runs in the browser: what a page
 * renders before that must work as plain HTML (e.g. every LGA grouped by state).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
