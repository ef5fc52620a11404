import { Download } from 'lucide-react';
import { FilterTabs } from '../../components/admin/filter-tabs.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import {
  csvHref,
  type MoneyList,
  moneyHref,
  moneyPaths,
  moneyStatuses,
  type ReadFilters,
  sharedFilters,
} from './money-query.ts';
import { countText, fundName, naira } from './money-text.tsx';

type Section = keyof typeof moneyPaths;

const sections: { value: Section; label: string }[] = [
  { value: 'donations', label: 'Donations' },
  { value: 'payouts', label: 'Payouts' },
  { value: 'refunds', label: 'Refunds' },
  { value: 'reconciliation', label: 'Reconciliation' },
];

/**
 * The money section's own menu. The lists keep the campaign (or fund) and the days chosen, so
 * "this campaign's refunds" is one click from its donations.
 */
export function MoneyTabs({ current, read }: { current: Section; read?: ReadFilters }) {
  const keep = read ? sharedFilters(read) : {};
  return (
    <FilterTabs
      label="Money"
      current={current}
      filters={sections}
      hrefFor={(value) =>
        value === 'reconciliation' ? moneyPaths[value] : moneyHref(moneyPaths[value], keep)
      }
      className="mb-6"
    />
  );
}

const nouns: Record<MoneyList, [string, string]> = {
  donations: ['donation', 'donations'],
  payouts: ['payout', 'payouts'],
  refunds: ['refund', 'refunds'],
};

/** How many the whole filter holds and their sum (not only this page), and its CSV. */
export function MoneyTotals({
  list,
  read,
  totals,
}: {
  list: MoneyList;
  read: ReadFilters;
  totals: { count: number; amount: number };
}) {
  const [one, many] = nouns[list];
  return (
    <section
      aria-labelledby={`${list}-totals`}
      className="mb-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id={`${list}-totals`} className="text-sm font-semibold text-slate-700">
          Totals of this filter
        </h2>
        <p className="text-lg font-bold text-slate-900" aria-live="polite">
          {countText(totals.count, one, many)} · {naira(totals.amount)}
        </p>
      </div>
      <a href={csvHref(list, read)} download className={buttonClass('secondary')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        Download CSV
        <span className="sr-only"> of these {many}</span>
      </a>
    </section>
  );
}

const statusLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The fields of a list's filter form (inside the admin filter form). */
export function MoneyFilterFields({
  list,
  read,
  statusLabels,
  campaignTitle,
  searchHint,
}: {
  list: MoneyList;
  read: ReadFilters;
  statusLabels?: Record<string, string>;
  /** The title of the campaign filtered by, when there is one. */
  campaignTitle?: string | null | undefined;
  searchHint: string;
}) {
  const { filters, errors } = read;
  const campaignId = filters.campaignId && filters.campaignId !== 'fund' ? filters.campaignId : '';
  return (
    <>
      <SelectField
        label="Status"
        name="status"
        defaultValue={errors.status ? '' : filters.status}
        error={errors.status}
      >
        <option value="">Any status</option>
        {moneyStatuses[list].map((status) => (
          <option key={status} value={status}>
            {statusLabels?.[status] ?? statusLabel(status)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Campaign or fund"
        name="campaignId"
        defaultValue={errors.campaignId ? '' : filters.campaignId}
        error={errors.campaignId}
        hint="Pick a campaign from a row’s link"
      >
        <option value="">Every campaign and the fund</option>
        {list === 'payouts' ? null : <option value="fund">{fundName} only</option>}
        {campaignId ? (
          <option value={campaignId}>{campaignTitle ?? 'The chosen campaign'}</option>
        ) : null}
      </SelectField>
      <TextField
        label="From"
        name="from"
        type="date"
        defaultValue={errors.from ? '' : filters.from}
        error={errors.from}
        hint="Day in Lagos, included"
      />
      <TextField
        label="To"
        name="to"
        type="date"
        defaultValue={errors.to ? '' : filters.to}
        error={errors.to}
        hint="Day in Lagos, included"
      />
      <TextField
        label="Search"
        name="search"
        type="search"
        defaultValue={filters.search}
        error={errors.search}
        maxLength={200}
        hint={searchHint}
        className="sm:col-span-2"
      />
    </>
  );
}
