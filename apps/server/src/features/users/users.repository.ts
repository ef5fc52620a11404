import { type Executor, eq, facilityProfiles, sql, users } from '@ipatient/db';
import type { UserRow } from '../../lib/present-user.ts';

export async function findUserById(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type UserPatch = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'phoneVerifiedAt'
    | 'age'
    | 'gender'
    | 'address'
    | 'state'
    | 'lga'
    | 'image'
    | 'role'
    | 'isAdvocate'
    | 'onboardedAt'
  >
>;

export async function updateUser(
  executor: Executor,
  id: string,
  patch: UserPatch,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Locks the user's row, so two profile updates cannot both think they replace the same photo. */
export async function lockUser(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export type FacilityProfileRow = typeof facilityProfiles.$inferSelect;

export async function findFacilityProfile(
  executor: Executor,
  userId: string,
): Promise<FacilityProfileRow | undefined> {
  const [row] = await executor
    .select()
    .from(facilityProfiles)
    .where(eq(facilityProfiles.userId, userId))
    .for('update');
  return row;
}

export async function saveFacilityProfile(
  executor: Executor,
  profile: typeof facilityProfiles.$inferInsert,
): Promise<FacilityProfileRow> {
  const { userId: _userId, ...changes } = profile;
  const [row] = await executor
    .insert(facilityProfiles)
    .values(profile)
    .onConflictDoUpdate({
      target: facilityProfiles.userId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('facility profile upsert returned nothing');
  return row;
}
