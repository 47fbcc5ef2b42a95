/**
 * The one CSV writer: every CSV Hearth produces (open-data exports, the reporting CSV, sample files) is written
 * here, so none can attack the spreadsheet that opens it.
 *
 * A cell a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab or a carriage return)
 * is written with a leading `'`, which spreadsheets read as "this is text". A plain number such as `-5` is data,
 * not a formula, and is written as it is. A cell that already starts with `'` gets one more, so `readCsvCell`
 * gives back exactly what was written (Hearth's own import reads its export).
 */
const FORMULA = /^[=+\-@\t\r']/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell as text a spreadsheet will not run, quoted when it needs to be. */
export function csvCell(value: string): string {
  const safe = FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of cells as one CSV document (a header row first, when the caller has one). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** A cell of a CSV Hearth wrote, as it was before `csvCell` neutralised it. */
export function readCsvCell(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
