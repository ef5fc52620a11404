import { brand } from '@ipatient/contracts/brand';

/**
 * On a site filled with demo content (the demo seed, until an admin turns the notice off in the
 * site content), every page says so: the campaigns, reviews, comments and the people named in
 * them are made up, and nobody may take them for real patients or real hospitals. One line on
 * every page rather than a badge on each item, because demo people appear everywhere (cards,
 * comments, reviews, leaderboards) and a visitor can land on any page first.
 */
export function DemoNotice() {
  return (
    <aside
      aria-label="Demo notice"
      className="bg-sky-100 px-4 py-2 text-center text-sm text-sky-950"
    >
      <p>
        <strong>Demo site:</strong> the people, campaigns, reviews and comments shown here are made
        up to show how {brand.siteName} works.
      </p>
    </aside>
  );
}
