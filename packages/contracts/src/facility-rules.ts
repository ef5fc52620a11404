/** A facility review waits for a moderator: pending → approved or rejected (SPEC §4). */
export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
