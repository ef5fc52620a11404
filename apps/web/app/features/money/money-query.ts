import { donationStatuses } from '@ipatient/contracts/donation-rules';
import {
  ZMoneyDonationQuery,
  ZMoneyPayoutQuery,
  ZMoneyRefundQuery,
} from '@ipatient/contracts/money';
import { payoutStatuses, refundStatuses } from '@ipatient/contracts/money-rules';

/**
 * The admin money lists (donations, payouts, refunds): their filters as the page's address
 * holds them, checked with the API's own query schemas, so a wrong value is named next to its
 * field (in the API's words) and left out of the list's query instead of failing the page.
 */
export const moneyLists = ['donations', 'payouts', 'refunds'] as const;
export type MoneyList = (typeof moneyLists)[number];

export function isMoneyList(value: string | undefined): value is MoneyList {
  return (moneyLists as readonly string[]).includes(value ?? '');
}

/** The statuses each list can be filtered by. */
export const moneyStatuses = {
  donations: donationStatuses,
  payouts: payoutStatuses,
  refunds: refundStatuses,
} as const;

const schemas = {
  donations: ZMoneyDonationQuery,
  payouts: ZMoneyPayoutQuery,
  refunds: ZMoneyRefundQuery,
} as const;

const filterNames = ['status', 'campaignId', 'from', 'to', 'search'] as const;
type FilterName = (typeof filterNames)[number];

/** The filters of a list, as the address gives them ('' when not given). */
export type MoneyFilters = Record<FilterName, string>;

export interface ReadFilters {
  filters: MoneyFilters;
  /** The address's wrong values, by field, in the API's words. */
  errors: Partial<Record<FilterName, string>>;
}

const notACampaign = 'Not a campaign: pick one from a row’s link, or the fund';

/** The filters of `list` in the page's address; wrong ones come back with their error. */
export function readMoneyFilters(list: MoneyList, params: URLSearchParams): ReadFilters {
  const filters = {} as MoneyFilters;
  for (const name of filterNames) filters[name] = (params.get(name) ?? '').trim();
  const given = Object.fromEntries(
    filterNames.flatMap((name) => (filters[name] ? [[name, filters[name]]] : [])),
  );
  const checked = schemas[list].safeParse(given);
  const errors: ReadFilters['errors'] = {};
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const name = issue.path[0];
      if (typeof name === 'string' && (filterNames as readonly string[]).includes(name)) {
        const field = name as FilterName;
        // The schema's union speaks of UUIDs; the page speaks of campaigns.
        errors[field] ??= field === 'campaignId' ? notACampaign : issue.message;
      }
    }
  }
  return { filters, errors };
}

/** The query the API gets: the filters given and valid (the status typed by `statusOf`). */
export function moneyQuery(read: ReadFilters) {
  const query: { campaignId?: string; from?: string; to?: string; search?: string } = {};
  for (const name of ['campaignId', 'from', 'to', 'search'] as const) {
    if (read.filters[name] && !read.errors[name]) query[name] = read.filters[name];
  }
  return query;
}

/** The status filter when it is one of `statuses`. */
export function statusOf<S extends string>(
  statuses: readonly S[],
  read: ReadFilters,
): S | undefined {
  return statuses.find((status) => status === read.filters.status);
}

/** Every filter of the list that is valid, status included, as query parameters. */
function validParams(read: ReadFilters): Record<string, string | undefined> {
  return { ...moneyQuery(read), status: read.errors.status ? undefined : read.filters.status };
}

/** The list page's own address with its valid filters and `page`. */
export function listPageHref(path: string, read: ReadFilters, page = 1): string {
  return moneyHref(path, validParams(read), page);
}

/** The address of a list page with `params` (empty ones left out) and the page (when > 1). */
export function moneyHref(path: string, params: Record<string, string | undefined>, page = 1) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The pages of the money section. */
export const moneyPaths = {
  donations: '/admin/money',
  payouts: '/admin/money/payouts',
  refunds: '/admin/money/refunds',
  reconciliation: '/admin/money/reconciliation',
} as const;

/** The CSV of a list with the same filters (a resource route of the web). */
export function csvHref(list: MoneyList, read: ReadFilters): string {
  return moneyHref(`/admin/money/export/${list}`, validParams(read));
}

/** What another list of the section keeps of these filters: the pot and the days. */
export function sharedFilters(read: ReadFilters): Record<string, string | undefined> {
  const { campaignId, from, to } = moneyQuery(read);
  return { campaignId, from, to };
}

/**
 * "12,345.50", "₦12,345" or "" (the whole amount left) as the refund's naira; null when it is
 * not a number.
 */
export function readNaira(text: string): number | undefined | null {
  const plain = text.replace(/[₦,\s]/g, '');
  if (plain === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  return Number(plain);
}
