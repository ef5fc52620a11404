/** The evidence endpoints (being built: see docs/product.md). */
export const evidenceEndpoints = {};
