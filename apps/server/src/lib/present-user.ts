import type { TUser } from '@ipatient/contracts/accounts';
import type { UserRow } from '@ipatient/db';

export type { UserRow } from '@ipatient/db';

/** The allow-list of what leaves the server about a user (never the password hash). */
export function presentUser(row: UserRow): TUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt !== null,
    image: row.image,
    age: row.age,
    gender: row.gender,
    address: row.address,
    state: row.state,
    lga: row.lga,
    isAdvocate: row.isAdvocate,
    role: row.role,
    isOnboarded: row.onboardedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
