/** Filled in by its feature. */
export const accountDeletionEndpoints = {};
