import type { TUser } from '@ipatient/contracts/accounts';
import { initialOf } from '../../lib/session.tsx';

/**
 * What the account page shows of its member, and nothing else: their details as the forms take
 * them (text, '' when not given) and what decides which forms they see. Every text of it is one
 * of the reader's values of a shared rendering (render-memo.server.ts, `PERSONAL_PLACES`), so
 * the page is made once for members whose details are all that differ, and the server can give
 * it without the web app (member-pages.server.ts). An id, a date or a field the page does not
 * show would be a reason not to share it: they stay out.
 */
export interface AccountUser {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The photo on the image server (`/images/{image}`), or none. */
  image: string | null;
  /** The header's initial, for a member without a photo. */
  initial: string;
  age: string;
  gender: string;
  address: string;
  state: string;
  lga: string;
  isAdmin: boolean;
  isAdvocate: boolean;
  /** A facility account, which may not volunteer as an advocate. */
  isFacility: boolean;
}

export function accountUserOf(user: TUser): AccountUser {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    image: user.image,
    initial: initialOf(user.firstName),
    age: user.age === null ? '' : String(user.age),
    gender: user.gender ?? '',
    address: user.address ?? '',
    state: user.state ?? '',
    lga: user.lga ?? '',
    isAdmin: user.role === 'admin',
    isAdvocate: user.isAdvocate,
    isFacility: user.role === 'facility',
  };
}

/** The account page's data when nothing but its member is on it: the Account Information tab. */
export function informationTabData(user: TUser) {
  return {
    campaigns: null,
    latestDonations: {},
    confirmDelete: null,
    reviews: null,
    complaints: null,
    myDonations: null,
    user: accountUserOf(user),
    tab: 'information' as const,
  };
}
