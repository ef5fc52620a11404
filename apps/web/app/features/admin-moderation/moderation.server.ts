import { safeLocalPath } from '../../lib/safe-path.ts';

/**
 * A safe in-app return address under `prefix` from a posted field (else `fallback`). The path
 * is resolved first, so `/admin/reviews/../..//evil` is judged by where it leads.
 */
export function returnPath(value: string, prefix: string, fallback: string): string {
  const path = safeLocalPath(value, fallback);
  const rest = path.slice(prefix.length);
  return path.startsWith(prefix) && (rest === '' || /^[/?#]/.test(rest)) ? path : fallback;
}
