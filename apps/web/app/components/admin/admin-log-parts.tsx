import { SelectField, TextField } from '../ui/form-field.tsx';
import { formatDateTime } from './format-date-time.ts';

/**
 * What the admin logs (the audit log, the access log) have alike: the "When" column of their
 * tables, and the record type and dates of their filters.
 */

/** The first column of a log's table: when the entry was written, naming its row. */
export function whenColumn<Row extends { createdAt: string }>() {
  return {
    header: 'When',
    rowHeader: true,
    className: 'font-normal md:min-w-[9rem]',
    cell: (row: Row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
  };
}

/** The API's message per refused filter (e.g. "to must not be before from"), by parameter. */
export type FilterErrors = Partial<Record<string, string>>;

interface RecordTypeFieldProps {
  /** The query parameter, e.g. "entityType". */
  name: string;
  /** The type the address asks for ('' for all). */
  value: string;
  types: readonly string[];
  /** A type's words, e.g. "Campaign document". */
  labelOf: (type: string) => string;
  error: string | undefined;
}

/** "Record type" of an admin log's filters: one kind of record, or all of them. */
export function RecordTypeField({ name, value, types, labelOf, error }: RecordTypeFieldProps) {
  return (
    <SelectField label="Record type" name={name} defaultValue={value} error={error}>
      <option value="">All record types</option>
      {types.map((type) => (
        <option key={type} value={type}>
          {labelOf(type)}
        </option>
      ))}
    </SelectField>
  );
}

/** "From" and "To" of an admin log's filters: the days its entries fall between. */
export function DateRangeFields({
  from,
  to,
  fieldErrors,
}: {
  from: string;
  to: string;
  fieldErrors: FilterErrors;
}) {
  return (
    <>
      <TextField
        label="From"
        name="from"
        type="date"
        defaultValue={from}
        error={fieldErrors.from}
      />
      <TextField label="To" name="to" type="date" defaultValue={to} error={fieldErrors.to} />
    </>
  );
}
