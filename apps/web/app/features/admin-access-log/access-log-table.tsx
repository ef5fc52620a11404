import { accessSubjectTypes } from '@ipatient/contracts/access-log';
import { Link } from 'react-router';
import {
  DateRangeFields,
  type FilterErrors,
  RecordTypeField,
  whenColumn,
} from '../../components/admin/admin-log-parts.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import {
  type AccessLogFilters,
  type AccessLogRow,
  actionLabel,
  roleLabel,
  subjectLabel,
} from './access-log-entries.ts';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** The id filters: a record's, then the people's (user ids). */
const idFields = [
  { label: 'Record id', name: 'subjectId', maxLength: 200 },
  { label: 'Opened by (user id)', name: 'actorId', maxLength: 60 },
  { label: 'Whose record (user id)', name: 'ownerId', maxLength: 60 },
] as const;

/** The fields of the access log's filters (the log's form around them). */
export function AccessLogFilterFields({
  filters,
  fieldErrors,
}: {
  filters: AccessLogFilters;
  fieldErrors: FilterErrors;
}) {
  return (
    <>
      <RecordTypeField
        name="subjectType"
        value={filters.subjectType}
        types={accessSubjectTypes}
        labelOf={subjectLabel}
        error={fieldErrors.subjectType}
      />
      {idFields.map(({ label, name, maxLength }) => (
        <TextField
          key={name}
          label={label}
          name={name}
          defaultValue={filters[name]}
          maxLength={maxLength}
          error={fieldErrors[name]}
        />
      ))}
      <DateRangeFields from={filters.from} to={filters.to} fieldErrors={fieldErrors} />
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
  whenColumn<AccessLogRow>(),
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
