import type { TPodcastCategory } from '@ipatient/contracts/podcasts';
import { Link } from 'react-router';

const chipClass =
  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold transition-colors';
const idle = 'border-slate-300 bg-white text-slate-800 hover:bg-brand-50';
const current = 'border-brand-700 bg-brand-700 text-white';

/** 'All' plus each category, as links (`?category=`), the chosen one marked as current. */
export function CategoryChips({
  categories,
  selected,
}: {
  categories: readonly TPodcastCategory[];
  selected: string | undefined;
}) {
  const chips = [{ _id: undefined, name: 'All' }, ...categories];
  return (
    <nav aria-label="Podcast categories">
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const active = chip._id === selected;
          return (
            <li key={chip._id ?? 'all'}>
              <Link
                to={
                  chip._id ? `/podcast?${new URLSearchParams({ category: chip._id })}` : '/podcast'
                }
                aria-current={active ? 'page' : undefined}
                className={`${chipClass} ${active ? current : idle}`}
              >
                {chip.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
