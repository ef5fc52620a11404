import { accessSubjectTypes } from '@ipatient/contracts/access-log';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import {
  type AccessLogFilters,
  type AccessLogRow,
  actionLabel,
  roleLabel,
  subjectLabel,
} from './access-log-entries.ts';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** The fields of the access log's filter form (a plain GET form around them). */
export function AccessLogFilterFields({
  filters,
  fieldErrors,
}: {
  filters: AccessLogFilters;
  fieldErrors: Partial<Record<string, string>>;
}) {
  return (
    <>
      <SelectField
        label="Record type"
        name="subjectType"
        defaultValue={filters.subjectType}
        error={fieldErrors.subjectType}
      >
        <option value="">All record types</option>
        {accessSubjectTypes.map((type) => (
          <option key={type} value={type}>
            {subjectLabel(type)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Record id"
        name="subjectId"
        defaultValue={filters.subjectId}
        maxLength={200}
        error={fieldErrors.subjectId}
      />
      <TextField
        label="Opened by (user id)"
        name="actorId"
        defaultValue={filters.actorId}
        maxLength={60}
        error={fieldErrors.actorId}
      />
      <TextField
        label="Whose record (user id)"
        name="ownerId"
        defaultValue={filters.ownerId}
        maxLength={60}
        error={fieldErrors.ownerId}
      />
      <TextField
        label="From"
        name="from"
        type="date"
        defaultValue={filters.from}
        error={fieldErrors.from}
      />
      <TextField
        label="To"
        name="to"
        type="date"
        defaultValue={filters.to}
        error={fieldErrors.to}
      />
    </>
  );
}

/** A person by name, linked to the entries about them (`filter`: as actor or as owner). */
function Person({
  id,
  name,
  fallback,
  filter,
}: {
  id: string | null;
  name: string | null;
  fallback: string;
  filter: 'actorId' | 'ownerId';
}) {
  if (!id) return <span className="text-slate-700">{fallback}</span>;
  const title = filter === 'actorId' ? 'Entries by this person' : 'Entries about this person';
  return (
    <Link
      to={`/admin/access-log?${filter}=${encodeURIComponent(id)}`}
      className={linkClass}
      title={title}
    >
      {name ?? 'Erased account'}
    </Link>
  );
}

/** The columns of the access log's table: when, who, their role, what, whose, how. */
export const accessLogColumns = [
  {
    header: 'When',
    rowHeader: true,
    className: 'font-normal md:min-w-[9rem]',
    cell: (row: AccessLogRow) => (
      <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
    ),
  },
  {
    header: 'Who',
    cell: (row: AccessLogRow) => (
      <Person
        id={row.actorId}
        name={row.actorName}
        fallback="Holder of a signed link"
        filter="actorId"
      />
    ),
  },
  { header: 'Role', cell: (row: AccessLogRow) => roleLabel(row.actorRole) },
  {
    header: 'What',
    className: 'md:min-w-[14rem]',
    cell: (row: AccessLogRow) => (
      <div>
        {row.href ? (
          <Link to={row.href} className={linkClass}>
            {subjectLabel(row.subjectType)}
          </Link>
        ) : (
          subjectLabel(row.subjectType)
        )}
        <p className="text-xs break-all text-slate-700">{row.subjectId}</p>
      </div>
    ),
  },
  {
    header: 'Whose',
    cell: (row: AccessLogRow) => (
      <Person id={row.ownerId} name={row.ownerName} fallback="Not recorded" filter="ownerId" />
    ),
  },
  { header: 'Action', cell: (row: AccessLogRow) => actionLabel(row.action) },
];
