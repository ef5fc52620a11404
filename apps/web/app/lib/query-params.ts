/** A query parameter of the page's address, trimmed and cut to `max` characters. */
export function queryText(params: URLSearchParams, name: string, max = 100): string {
  return (params.get(name) ?? '').trim().slice(0, max);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The `from` and `to` dates (2025-03-01) of a list filtered by date, from the page's address: a
 * malformed date is left out (the API would refuse it).
 */
export function readDateRange(params: URLSearchParams): { from: string; to: string } {
  const date = (name: string) => {
    const value = queryText(params, name, 10);
    return DATE.test(value) ? value : '';
  };
  return { from: date('from'), to: date('to') };
}
