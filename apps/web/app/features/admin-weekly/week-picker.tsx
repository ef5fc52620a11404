import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/form-field.tsx';

/**
 * Choosing the week: links to the week before and after, and a plain GET form for any Monday,
 * so every week has its own address and the picker works without JavaScript.
 */
export function WeekPicker({
  path,
  week,
  previousWeek,
  nextWeek,
  error,
}: {
  path: string;
  week: string;
  previousWeek: string | null;
  nextWeek: string | null;
  error?: string | undefined;
}) {
  return (
    <nav aria-label="Weeks" className="mb-6 space-y-4">
      <div className="flex flex-wrap gap-3">
        {previousWeek ? (
          <Link to={`${path}?week=${previousWeek}`} className={buttonClass('secondary')}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Previous week
          </Link>
        ) : null}
        {nextWeek ? (
          <Link to={`${path}?week=${nextWeek}`} className={buttonClass('secondary')}>
            Next week
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        ) : null}
        <Link to={path} className={buttonClass('secondary')}>
          This week
        </Link>
      </div>
      <search className="block">
        <form
          method="get"
          action={path}
          aria-label="Choose a week"
          className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <TextField
            label="Week starting (a Monday)"
            name="week"
            type="date"
            defaultValue={week}
            error={error}
          />
          <button type="submit" className={buttonClass('primary')}>
            Show week
          </button>
        </form>
      </search>
    </nav>
  );
}
