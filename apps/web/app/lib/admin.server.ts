import type { TUser } from '@ipatient/contracts/accounts';
import { data, type RouterContextProvider } from 'react-router';
import { adminOnlyRefusal } from './admin-only.ts';
import { requireUser } from './session.server.ts';

/**
 * The signed-in admin. Visitors go to the login page (and come back); members get a 403 page.
 * The API checks the role again on every call: this only keeps the screens honest.
 */
export async function requireAdmin(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<TUser> {
  const user = await requireUser(context, request);
  if (user.role !== 'admin') {
    throw data(adminOnlyRefusal, { status: 403 });
  }
  return user;
}
