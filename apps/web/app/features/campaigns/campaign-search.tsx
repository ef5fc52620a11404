import { campaignLimits } from '@ipatient/contracts/campaign-rules';
import { SearchForm } from '../../components/ui/search-form.tsx';

/**
 * Search the active campaigns: a GET form (?search=), so it works without JavaScript and the
 * results have their own address. The product shows the box to signed-in users only; searching
 * public campaigns needs no account, so everyone gets it.
 */
export function CampaignSearch({
  search,
  keep,
}: {
  search: string;
  /** The chosen category, state and order, kept by a new search. */
  keep?: { category: string; state: string; sort: string };
}) {
  return (
    <SearchForm
      action="/campaigns"
      id="campaign-search"
      label="Search campaigns"
      search={search}
      maxLength={campaignLimits.searchMax}
      placeholder="A name, a condition or a state"
      keep={
        keep
          ? {
              category: keep.category,
              state: keep.state,
              sort: keep.sort === 'recent' ? undefined : keep.sort,
            }
          : {}
      }
    />
  );
}
