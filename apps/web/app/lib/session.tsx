import type { TUser } from '@ipatient/contracts/accounts';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';

/**
 * What the header needs to show the signed-in user. `isAdmin` adds the Admin link to the user
 * menu; `initial` is shown without a photo (given, not derived from the name on the page, so a
 * shared rendering can fill it in: lib/render-memo.server.ts).
 */
export type HeaderUser = Pick<TUser, 'firstName' | 'lastName' | 'image'> & {
  isAdmin?: boolean;
  initial?: string;
};

/** The first letter of the first name, capitalised ('?' without one). */
export function initialOf(firstName: string): string {
  return firstName.trim().charAt(0).toUpperCase() || '?';
}

/** The CSRF token every form posts as its hidden `csrf` field ('' before the root loader ran). */
export function useCsrfToken(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.csrf ?? '';
}

/** The hidden field that carries the CSRF token (double submit, see session.server.ts). */
export function CsrfField() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />;
}
