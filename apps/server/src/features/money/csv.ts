/**
 * CSV for spreadsheets (RFC 4180): a cell with a comma, a quote or a line break is quoted, its
 * quotes doubled. A text cell a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets an apostrophe in front, so a donor named "=HYPERLINK(…)" is
 * read as text. Numbers are ours and written as they are.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, CRLF line ends, as spreadsheets expect. */
export function toCsv(header: readonly string[], rows: readonly CsvCell[][]): string {
  return [header, ...rows]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}
