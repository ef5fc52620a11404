/** The money endpoints (being built: see docs/product.md). */
export const moneyEndpoints = {};
