/** The payouts endpoints (being built: see docs/product.md). */
export const payoutsEndpoints = {};
