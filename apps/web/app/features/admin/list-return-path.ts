import { safeLocalPath } from '../../lib/safe-path.ts';

/**
 * Where a form posted from an admin list goes back to: the list the admin came from (filters
 * and page kept, from the posted `returnTo`), never another page or site.
 */
export function listReturnPath(value: string, path: string): string {
  const back = safeLocalPath(value, path);
  return back === path || back.startsWith(`${path}?`) ? back : path;
}
