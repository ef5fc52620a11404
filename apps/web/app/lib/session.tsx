import type { TUser } from '@ipatient/contracts/accounts';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';

/** What the header needs to show the signed-in user. */
/** `isAdmin` adds the Admin link to the user menu. */
export type HeaderUser = Pick<TUser, 'firstName' | 'lastName' | 'image'> & { isAdmin?: boolean };

/** The CSRF token every form posts as its hidden `csrf` field ('' before the root loader ran). */
export function useCsrfToken(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.csrf ?? '';
}

/** The hidden field that carries the CSRF token (double submit, see session.server.ts). */
export function CsrfField() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />;
}
