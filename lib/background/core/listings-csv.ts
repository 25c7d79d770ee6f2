// CSV for a spreadsheet: RFC 4180 (fields with a comma, quote or line break are quoted, quotes doubled,
// CRLF between records), and formula injection defused: a cell starting with = + - @ (or a tab or
// carriage return, which some spreadsheets skip before reading a formula) is prefixed with '.
// Publisher data is untrusted, and a listing URL or status message could otherwise run as a formula.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** A header and rows, each record ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: Iterable<readonly (string | number | boolean | null | undefined)[]>,
): string {
  const records = [csvRecord(header)];
  for (const row of rows) records.push(csvRecord(row));
  return `${records.join('\r\n')}\r\n`;
}
