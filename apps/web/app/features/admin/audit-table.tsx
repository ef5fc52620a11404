import { adminLimits, type TAuditSentence } from '@ipatient/contracts/admin';
import { Link } from 'react-router';
import {
  DateRangeFields,
  type FilterErrors,
  RecordTypeField,
  whenColumn,
} from '../../components/admin/admin-log-parts.tsx';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import type { AdminTableColumn } from './admin-table.tsx';
import { type AuditFilters, type AuditRow, typeLabel } from './audit-entries.ts';

/** The entry as a sentence, the record's name linked to its admin page when it has one. */
function Sentence({ sentence }: { sentence: TAuditSentence }) {
  const { object } = sentence;
  const label = object ? (object.quoted ? `“${object.label}”` : object.label) : null;
  if (!object && sentence.verb === sentence.text) return <p>{sentence.text}</p>;
  return (
    <p className="text-base text-slate-900">
      <strong className="font-semibold">{sentence.actor}</strong> {sentence.verb}
      {label ? ' ' : null}
      {object?.href ? (
        <Link
          to={object.href}
          className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {label}
        </Link>
      ) : (
        label
      )}
      {sentence.rest}
    </p>
  );
}

function Snapshot({ label, json }: { label: string; json: string | null }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{label}</p>
      {json ? (
        <pre className="mt-1 rounded-lg bg-slate-900 p-3 text-xs leading-relaxed break-all whitespace-pre-wrap text-slate-50">
          <code>{json}</code>
        </pre>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Nothing recorded.</p>
      )}
    </div>
  );
}

interface AuditFilterFieldsProps {
  filters: AuditFilters;
  /** The record types there are entries of. */
  entityTypes: readonly string[];
  fieldErrors: FilterErrors;
}

/**
 * The fields of the audit log's filters (the log's form around them); the actor and record ids
 * have no field, the form keeps them as they came.
 */
export function AuditFilterFields({ filters, entityTypes, fieldErrors }: AuditFilterFieldsProps) {
  // The entity type in the address stays selectable even before it has entries.
  const typeOptions =
    filters.entityType && !entityTypes.includes(filters.entityType)
      ? [filters.entityType, ...entityTypes]
      : entityTypes;
  return (
    <>
      <RecordTypeField
        name="entityType"
        value={filters.entityType}
        types={typeOptions}
        labelOf={typeLabel}
        error={fieldErrors.entityType}
      />
      <TextField
        label="Action"
        name="action"
        defaultValue={filters.action}
        maxLength={200}
        hint="Part of the route, e.g. suspension or role"
        error={fieldErrors.action}
      />
      <DateRangeFields from={filters.from} to={filters.to} fieldErrors={fieldErrors} />
      <TextField
        label="Search"
        name="search"
        type="search"
        defaultValue={filters.search}
        maxLength={adminLimits.searchMax}
        hint="Words in the entry, e.g. a campaign's title or a member's name"
        error={fieldErrors.search}
        className="sm:col-span-2 lg:col-span-4"
      />
    </>
  );
}

/** The columns of the audit log: when, the sentence, and the details behind a disclosure. */
export const auditColumns: AdminTableColumn<AuditRow>[] = [
  whenColumn<AuditRow>(),
  {
    header: 'What happened',
    className: 'md:min-w-[20rem]',
    cell: (row) => (
      <div className="space-y-2">
        <Sentence sentence={row.sentence} />
        <details className="group">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline underline-offset-2">
            Details
          </summary>
          <dl className="mt-2 grid gap-x-3 gap-y-1 text-xs text-slate-700 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Record type</dt>
            <dd>
              <StatusPill tone="info">{typeLabel(row.entityType)}</StatusPill>
            </dd>
            {row.entityId ? (
              <>
                <dt className="font-semibold">Record id</dt>
                <dd className="break-all">{row.entityId}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Request</dt>
            <dd>
              <code className="break-all">{row.action}</code>
            </dd>
          </dl>
          <div className="mt-2 grid gap-3 xl:grid-cols-2">
            <Snapshot label="Before" json={row.before} />
            <Snapshot label="After" json={row.after} />
          </div>
        </details>
      </div>
    ),
  },
];
