import { brand } from '@ipatient/contracts/brand';
import { useRouteLoaderData } from 'react-router';

/**
 * The contact address admins publish (the root loader reads it with the site documents), or the
 * brand's until they do. Every page that says "email us" uses this one.
 */
export function useContactEmail(): string {
  return useRouteLoaderData<{ contactEmail?: string }>('root')?.contactEmail || brand.contactEmail;
}
